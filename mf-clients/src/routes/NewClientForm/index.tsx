import { ComingLater } from '@klinik/ui';

export default function NewClientFormPage() {
  return <ComingLater title="Ny klient" />;
}
