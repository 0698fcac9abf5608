import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { ClockIcon, MailIcon, PhoneIcon } from "../Icons/Icons";
import { Card } from "../ui/Layout";
import type { ContactDetailsCard_details$key } from "./__generated__/ContactDetailsCard_details.graphql";

export function ContactDetailsCard({ details }: { details: ContactDetailsCard_details$key }) {
  const data = useFragment(
    graphql`
      fragment ContactDetailsCard_details on ContactDetails {
        email
        phone
        hours
      }
    `,
    details,
  );

  return (
    <SideCard aria-labelledby="contact-details-title">
      <h2 id="contact-details-title">Contact details</h2>
      <List>
        <li>
          <MailIcon />
          <div>
            <Label>Email</Label>
            <a href={`mailto:${data.email}`}>{data.email}</a>
          </div>
        </li>
        <li>
          <PhoneIcon />
          <div>
            <Label>Phone</Label>
            <a href={`tel:${data.phone.replace(/[^\d+]/g, "")}`}>{data.phone}</a>
          </div>
        </li>
        <li>
          <ClockIcon />
          <div>
            <Label>Hours</Label>
            <span>{data.hours}</span>
          </div>
        </li>
      </List>
    </SideCard>
  );
}

export const SideCard = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
  li { display: flex; gap: 12px; align-items: flex-start; }
  li > svg { flex: none; margin-top: 3px; color: ${({ theme }) => theme.colors.accent}; }
  a { overflow-wrap: anywhere; }
`;

const Label = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;
