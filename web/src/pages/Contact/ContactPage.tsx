import { graphql, usePreloadedQuery } from "react-relay";
import styled from "styled-components";
import { ContactDetailsCard } from "../../components/ContactDetailsCard/ContactDetailsCard";
import { FollowUsCard } from "../../components/FollowUsCard/FollowUsCard";
import { ScheduleMeetingCard } from "../../components/ScheduleMeetingCard/ScheduleMeetingCard";
import { Card, Container, Lead, PageHeading, PageSection } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { ContactForm } from "./ContactForm";
import type { ContactPageQuery as ContactPageQueryType } from "./__generated__/ContactPageQuery.graphql";
import { useRouteQuery } from "../../routing/routeQueries";

export const ContactPageQuery = graphql`
  query ContactPageQuery {
    contactDetails {
      ...ContactDetailsCard_details
      ...ScheduleMeetingCard_details
    }
  }
`;

export default function ContactPage() {
  useDocumentTitle("Contact");
  const queryRef = useRouteQuery<ContactPageQueryType>();
  const data = usePreloadedQuery<ContactPageQueryType>(ContactPageQuery, queryRef);

  return (
    <Container>
      <PageSection>
        <div>
          <PageHeading>Get in Touch</PageHeading>
          <Lead>Questions about Tickerscope, plans or institutional access? We read every message.</Lead>
        </div>
        <Layout>
          <Card>
            <ContactForm />
          </Card>
          <Side>
            <ContactDetailsCard details={data.contactDetails} />
            <ScheduleMeetingCard details={data.contactDetails} />
            <FollowUsCard />
          </Side>
        </Layout>
      </PageSection>
    </Container>
  );
}

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) { grid-template-columns: 1.6fr 1fr; }
`;

const Side = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;
