import { graphql, useFragment } from "react-relay";
import { SideCard } from "../ContactDetailsCard/ContactDetailsCard";
import { CalendarIcon } from "../Icons/Icons";
import { ButtonAnchor } from "../ui/Button";
import type { ScheduleMeetingCard_details$key } from "./__generated__/ScheduleMeetingCard_details.graphql";

export const CONSULTATION_SUBJECT = "Consultation request";

export function ScheduleMeetingCard({ details }: { details: ScheduleMeetingCard_details$key }) {
  const data = useFragment(
    graphql`
      fragment ScheduleMeetingCard_details on ContactDetails {
        email
      }
    `,
    details,
  );
  const href = `mailto:${data.email}?subject=${encodeURIComponent(CONSULTATION_SUBJECT)}`;

  return (
    <SideCard aria-labelledby="schedule-title">
      <h2 id="schedule-title">Schedule a Meeting</h2>
      <p>Prefer to talk it through? Book a consultation with our team about your research workflow.</p>
      <ButtonAnchor href={href} $variant="secondary">
        <CalendarIcon /> Book Consultation
      </ButtonAnchor>
    </SideCard>
  );
}
