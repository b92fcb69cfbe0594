import { ComingLater } from '../../components/ComingLater';

export default function ContactPage() {
  return <ComingLater title="Kontakt" />;
}
