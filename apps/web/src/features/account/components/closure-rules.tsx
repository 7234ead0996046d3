/** The rules of docs/product.md#closing-an-account, in plain words. */
export function ClosureRules() {
  return (
    <section aria-labelledby="rules-heading" className="card p-5 sm:p-8">
      <h2 id="rules-heading" className="text-lg font-semibold">
        What happens when you close your account
      </h2>
      <ul className="mt-4 list-disc space-y-2 pl-5 text-ink-700 marker:text-brand-600">
        <li>With no launched campaign and no pledge waiting to be charged, your account and personal data are deleted at once.</li>
        <li>Campaigns you created that were never approved (pending or rejected) are deleted with it.</li>
        <li>Pledges you made that are still pending stay active until their campaigns are finalized; your account is deleted afterwards.</li>
        <li>If you launched a campaign, your account closes 3 months after your last campaign closes, so supporters and the charity are looked after.</li>
        <li>Records of money already moved are kept for the books, without your name or e-mail.</li>
      </ul>
    </section>
  );
}
