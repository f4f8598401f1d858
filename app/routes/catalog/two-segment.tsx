/** /{id}/{slug}: a category listing, or a product reached without its category — being built (issue 4). */
export default function Placeholder() {
  return <section className="container-page py-10" />;
}
