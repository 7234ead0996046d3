import { cookiePolicy } from '@/features/marketing/content/cookies';
import { InfoPage } from '../components/info-page';

export default function CookiePolicyPage() {
  return (
    <InfoPage
      title={cookiePolicy.title}
      subtitle="How Pledgeway uses cookies and browser storage, and the choices you have."
      lastUpdated={cookiePolicy.lastUpdated}
      intro={[cookiePolicy.intro]}
      sections={cookiePolicy.sections}
    >
      <section aria-labelledby="browser-storage" className="mt-12">
        <h2 id="browser-storage" className="text-xl font-semibold md:text-2xl">
          {cookiePolicy.storageHeading}
        </h2>
        <p className="mt-3 leading-relaxed text-ink-700">{cookiePolicy.storageIntro}</p>
        <div className="mt-5 space-y-4">
          {cookiePolicy.storage.map((item) => (
            <div key={item.name} className="card p-5">
              <p className="flex flex-wrap items-center gap-2">
                <code className="rounded bg-ink-50 px-2 py-0.5 font-mono text-sm font-semibold text-ink-900">{item.name}</code>
                <span className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{item.type === 'cookie' ? 'Cookie' : 'Local storage'}</span>
                {item.essential && <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">Essential</span>}
              </p>
              <p className="mt-2 text-sm text-ink-700">{item.purpose}</p>
              <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="font-semibold text-ink-600">Duration</dt>
                <dd className="text-ink-700">{item.duration}</dd>
                {item.attributes?.length ? (
                  <>
                    <dt className="font-semibold text-ink-600">Attributes</dt>
                    <dd className="text-ink-700">{item.attributes.join(', ')}</dd>
                  </>
                ) : null}
              </dl>
            </div>
          ))}
        </div>
      </section>
    </InfoPage>
  );
}
