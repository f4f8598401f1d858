/** Blog article — being built (issue 4). */
export default function Placeholder() {
  return <section className="container-page py-10" />;
}
