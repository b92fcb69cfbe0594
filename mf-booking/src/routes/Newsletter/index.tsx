import { ComingLater } from '../../components/ComingLater';

export default function NewsletterPage() {
  return <ComingLater title="Nyhedsbrev" />;
}
