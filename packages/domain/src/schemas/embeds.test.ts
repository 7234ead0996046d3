import { describe, expect, it } from 'vitest';
import { canonicalEmbedOrigin, EMBED_MESSAGES, EmbedOriginsRequest } from './embeds.ts';

describe('an allowed embed site', () => {
  it('is a scheme, a host of DNS labels and an optional port, stored lower-cased', () => {
    expect(canonicalEmbedOrigin('HTTPS://Blog.Example.org')).toBe('https://blog.example.org');
    expect(canonicalEmbedOrigin('https://runners.example.com:8443/')).toBe('https://runners.example.com:8443');
    expect(canonicalEmbedOrigin('https://www.example.org:443')).toBe('https://www.example.org');
    expect(canonicalEmbedOrigin('http://localhost:4000')).toBe('http://localhost:4000');
    expect(canonicalEmbedOrigin('http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173');
    expect(canonicalEmbedOrigin('https://xn--bcher-kva.example')).toBe('https://xn--bcher-kva.example');
  });

  it('is nothing else: no directive, second policy, wildcard, path or credentials', () => {
    const refused = [
      'https://x.example;sandbox',
      'https://x.example,script-src',
      'https://*',
      'https://*.example.org',
      "https://x.example 'unsafe-inline'",
      'https://x.example/path',
      'https://x.example?x=1',
      'https://x.example#top',
      'https://user:pw@x.example',
      'http://insecure.example.org',
      'ftp://x.example',
      'x.example',
      'https://-x.example',
      'https://x..example',
      'https://x.example:0',
      'https://x.example:65536',
      'https://bücher.example',
      `https://${'a'.repeat(64)}.example`,
    ];
    for (const value of refused) expect(canonicalEmbedOrigin(value), value).toBeNull();
  });

  it('gives the form its message, and keeps each site once whatever its case', () => {
    const bad = EmbedOriginsRequest.safeParse({ origins: ['https://ok.example', 'https://x.example;sandbox'] });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['origins', 1], message: EMBED_MESSAGES.originFormat });
    expect(EmbedOriginsRequest.parse({ origins: ['https://A.example', 'https://a.example/', 'HTTPS://a.EXAMPLE:443'] }).origins).toEqual(['https://a.example']);
  });
});
