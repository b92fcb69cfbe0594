import type { RemotePageProps } from '@klinik/core/rules';

/** `/ClientForm?therapistID=…&ids=…[&ref=…]`: the public intake form (being built). */
export default function ClientFormPage(_props: RemotePageProps) {
  return <div className="kb" />;
}
