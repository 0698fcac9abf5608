import styled from "styled-components";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { ButtonLink } from "../../components/ui/Button";
import { Container, MessagePanel } from "../../components/ui/Layout";

export default function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <Container>
      <Panel>
        <h1>404 Page Not Found</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <ButtonLink to="/">Go to Home</ButtonLink>
      </Panel>
    </Container>
  );
}

const Panel = styled(MessagePanel)`
  max-width: 560px;
  margin: ${({ theme }) => theme.space.xxl} auto;
  h1 { font-size: ${({ theme }) => theme.fontSizes.xxl}; }
`;
