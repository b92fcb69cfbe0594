import { ComingLater } from '@klinik/ui';

export default function ContactPage() {
  return <ComingLater title="Kontakt" />;
}
