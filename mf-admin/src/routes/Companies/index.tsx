import { ComingLater } from '@klinik/ui';

export default function CompaniesPage() {
  return <ComingLater title="Companies" />;
}
