import { JobView } from '../../../components/JobView';

/** /jobs/{id}: a job's status and every insight it produced (public jobs open without a token). */
export default async function JobPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <JobView id={id} />;
}
