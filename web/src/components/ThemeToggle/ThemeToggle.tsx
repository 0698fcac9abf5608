import type { ComponentType } from "react";
import styled from "styled-components";
import { useThemePreference } from "../../theme/ThemeProvider";
import type { ThemePreference } from "../../theme/tokens";
import { MonitorIcon, MoonIcon, SunIcon } from "../Icons/Icons";

const OPTIONS: { value: ThemePreference; label: string; Icon: ComponentType<{ size?: number }> }[] = [
  { value: "light", label: "Light theme", Icon: SunIcon },
  { value: "dark", label: "Dark theme", Icon: MoonIcon },
  { value: "system", label: "System theme", Icon: MonitorIcon },
];

/** Light / dark / system switch; the choice is stored under `tickerscope.theme`. */
export function ThemeToggle() {
  const { preference, setPreference } = useThemePreference();
  return (
    <Group role="group" aria-label="Color theme">
      {OPTIONS.map(({ value, label, Icon }) => (
        <Option
          key={value}
          type="button"
          aria-label={label}
          title={label}
          aria-pressed={preference === value}
          onClick={() => setPreference(value)}
        >
          <Icon size={16} />
        </Option>
      ))}
    </Group>
  );
}

const Group = styled.div`
  display: inline-flex;
  padding: 2px;
  gap: 2px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Option = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 30px;
  height: 30px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover { color: ${({ theme }) => theme.colors.text}; }
  &[aria-pressed="true"] {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.primary};
    box-shadow: ${({ theme }) => theme.colors.shadow};
  }
`;
