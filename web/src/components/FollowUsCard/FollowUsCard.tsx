import styled from "styled-components";
import { SideCard } from "../ContactDetailsCard/ContactDetailsCard";
import { LinkedInIcon, XSocialIcon, YouTubeIcon } from "../Icons/Icons";
import { Tooltip, TooltipGroup } from "../Tooltip/Tooltip";

const NETWORKS = [
  { name: "X (Twitter)", Icon: XSocialIcon },
  { name: "LinkedIn", Icon: LinkedInIcon },
  { name: "YouTube", Icon: YouTubeIcon },
];

/** Social profiles are not live yet: disabled buttons with a "Coming soon" tooltip, no dead links. */
export function FollowUsCard() {
  return (
    <SideCard aria-labelledby="follow-title">
      <h2 id="follow-title">Follow Us</h2>
      <TooltipGroup>
        <Row>
          {NETWORKS.map(({ name, Icon }) => (
            <Tooltip key={name} content="Coming soon">
              {/* aria-disabled keeps the button focusable so keyboard users also get the tooltip */}
              <SocialButton type="button" aria-label={`${name} (coming soon)`} aria-disabled="true" onClick={(e) => e.preventDefault()}>
                <Icon size={18} />
              </SocialButton>
            </Tooltip>
          ))}
        </Row>
      </TooltipGroup>
    </SideCard>
  );
}

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
`;

const SocialButton = styled.button`
  display: grid;
  place-items: center;
  width: 42px;
  height: 42px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: not-allowed;
`;
