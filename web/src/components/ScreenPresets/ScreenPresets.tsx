import { useId, useState } from "react";
import styled from "styled-components";
import { FieldHint } from "../FormControls/FormControls";
import { SCREEN_PRESETS, type ScreenPreset } from "./presets";

interface ScreenPresetsProps<Preset extends ScreenPreset> {
  /** Fills the form with the preset (the page owns the form's values). */
  onApply: (preset: Preset) => void;
  /** The presets offered (default: the Basic and Combined screens' SCREEN_PRESETS). */
  presets?: readonly Preset[];
}

/** Ready-made screens, each with a one-line explanation; choosing one fills the form. */
export function ScreenPresets<Preset extends ScreenPreset = ScreenPreset>({ onApply, presets }: ScreenPresetsProps<Preset>) {
  const id = useId();
  const [applied, setApplied] = useState<Preset | null>(null);
  const offered = presets ?? (SCREEN_PRESETS as readonly Preset[]);
  return (
    <section aria-labelledby={`${id}-title`}>
      <Title id={`${id}-title`}>Presets</Title>
      <List>
        {offered.map((preset) => (
          <li key={preset.id}>
            <PresetButton
              type="button"
              aria-describedby={`${id}-${preset.id}`}
              onClick={() => {
                onApply(preset);
                setApplied(preset);
              }}
            >
              {preset.name}
            </PresetButton>
            <Explanation id={`${id}-${preset.id}`}>{preset.explanation}</Explanation>
          </li>
        ))}
      </List>
      <FieldHint role="status">{applied ? `Applied “${applied.name}”. Review the form and run the screen.` : null}</FieldHint>
    </section>
  );
}

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.md};
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.xs};
  padding: 0;
  list-style: none;
`;

const PresetButton = styled.button`
  width: 100%;
  min-height: 36px;
  padding: 6px 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: left;
  cursor: pointer;
  &:hover { border-color: ${({ theme }) => theme.colors.primary}; }
`;

const Explanation = styled.p`
  margin: 4px 2px 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;
