import { NavLink } from "react-router-dom";
import styled from "styled-components";
import { CrownIcon } from "../Icons/Icons";
import { Container } from "../ui/Layout";
import { TABS } from "./tabs";

/** Section tabs; NavLink marks the tab for the current path with aria-current="page". */
export function TopTabs() {
  return (
    <Bar>
      <Container>
        <nav aria-label="Main sections">
          <TabList>
            {TABS.map((tab) => (
              <li key={tab.to}>
                <Tab to={tab.to} end={tab.to === "/"}>
                  {tab.label}
                  {tab.premium ? (
                    <PremiumMark role="img" aria-label="Pro feature" title="Pro feature">
                      <CrownIcon size={12} />
                    </PremiumMark>
                  ) : null}
                </Tab>
              </li>
            ))}
          </TabList>
        </nav>
      </Container>
    </Bar>
  );
}

const Bar = styled.div`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const TabList = styled.ul`
  display: flex;
  gap: 2px;
  margin: 0;
  padding: 6px 0;
  list-style: none;
  overflow-x: auto;
  scrollbar-width: thin;
  -webkit-overflow-scrolling: touch;
  /* keep focus outlines visible inside the scroller */
  padding-inline: 4px;
  margin-inline: -4px;
`;

const Tab = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 550;
  text-decoration: none;
  white-space: nowrap;
  &:hover { color: ${({ theme }) => theme.colors.text}; background: ${({ theme }) => theme.colors.surfaceMuted}; }
  &[aria-current="page"] {
    color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    box-shadow: inset 0 -2px 0 ${({ theme }) => theme.colors.primary};
  }
`;

const PremiumMark = styled.span`
  display: inline-flex;
  color: ${({ theme }) => theme.colors.premium};
`;
