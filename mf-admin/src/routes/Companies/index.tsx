import { ComingLater } from '../../components/ComingLater';

export default function CompaniesPage() {
  return <ComingLater title="Companies" />;
}
