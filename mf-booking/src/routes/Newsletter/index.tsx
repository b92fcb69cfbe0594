import { ComingLater } from '@klinik/ui';

export default function NewsletterPage() {
  return <ComingLater title="Nyhedsbrev" />;
}
