import { ComingLater } from '../../components/ComingLater';

export default function NewClientFormPage() {
  return <ComingLater title="Ny klient" />;
}
