import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_MESSAGES } from '@pledgeway/domain';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { campaignEmbedOrigins } from './tables.ts';
import { createCampaign } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const frameAncestors = (headers: Headers) =>
  headers
    .get('content-security-policy')
    ?.split(';')
    .find((directive) => directive.trim().startsWith('frame-ancestors'))
    ?.trim();

describe('embeds', () => {
  it('lets the host name the sites that may frame the embed page, and only that page', async () => {
    const host = await signUp(server.url, { name: 'Hana Host' });
    const campaign = await createCampaign(server.app, host.user._id, { status: 'approved', name: 'Embedded Run' });
    const visitor = new TestClient(server.url);

    // Before any site is named, the embed page refuses framing like every page.
    const before = await visitor.get(`/embed/events/${campaign.id}`);
    expect(frameAncestors(before.headers)).toBe("frame-ancestors 'self'");
    expect(before.headers.get('x-frame-options')).toBeNull();

    const saved = await host.client.put(`/api/events/${campaign.id}/embed-origins`, {
      origins: ['https://www.example.org', 'https://runners.example.com:8443/', 'https://www.example.org', 'http://localhost:4000'],
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(200);
    expect(saved.data).toEqual({
      success: true,
      message: EMBED_MESSAGES.saved,
      data: { origins: expect.arrayContaining(['https://www.example.org', 'https://runners.example.com:8443', 'http://localhost:4000']) },
    });
    expect(saved.data.data.origins).toHaveLength(3);
    expect((await host.client.get(`/api/events/${campaign.id}/embed-origins`)).data.data.origins).toHaveLength(3);

    const embed = await visitor.get(`/embed/events/${campaign.id}?theme=light`);
    const ancestors = frameAncestors(embed.headers)!;
    expect(ancestors.startsWith("frame-ancestors 'self' ")).toBe(true);
    expect(ancestors.split(' ').slice(2).sort()).toEqual(['http://localhost:4000', 'https://runners.example.com:8443', 'https://www.example.org']);
    expect(embed.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(embed.headers.get('x-frame-options')).toBeNull();

    // Every other page, and another campaign's embed, still refuses framing.
    for (const path of [
      `/events/${campaign.id}`,
      `/overlay/events/${campaign.id}`,
      `/api/events/show/${campaign.id}`,
      `/embed/events/${crypto.randomUUID()}`,
    ]) {
      const other = await visitor.get(path);
      expect(frameAncestors(other.headers), path).toBe("frame-ancestors 'self'");
    }
    expect((await visitor.get(`/events/${campaign.id}`)).headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('refuses an address that is not a bare https origin, and changes nothing', async () => {
    const host = await signUp(server.url, { name: 'Vera Host' });
    const campaign = await createCampaign(server.app, host.user._id, { status: 'approved' });
    await host.client.put(`/api/events/${campaign.id}/embed-origins`, { origins: ['https://kept.example.org'] });
    const bad = [
      'http://insecure.example.org',
      'https://example.org/path',
      'https://example.org?x=1',
      "https://example.org; script-src 'unsafe-inline'",
      'javascript:alert(1)',
      'example.org',
      'https://user:pw@example.org',
      // A directive added to frame-ancestors, a second policy, any site at all.
      'https://x.example;sandbox',
      'https://x.example,script-src',
      'https://*',
      'https://*.example.org',
    ];
    for (const origin of bad) {
      const response = await host.client.put(`/api/events/${campaign.id}/embed-origins`, { origins: [origin] });
      expect(response.status, origin).toBe(400);
      expect(response.data.fields['origins.0'], origin).toBe(EMBED_MESSAGES.originFormat);
    }
    const tooMany = Array.from({ length: 11 }, (_, index) => `https://site${index}.example.org`);
    expect((await host.client.put(`/api/events/${campaign.id}/embed-origins`, { origins: tooMany })).data.fields.origins).toBe(EMBED_MESSAGES.tooMany);
    expect((await host.client.get(`/api/events/${campaign.id}/embed-origins`)).data.data.origins).toEqual(['https://kept.example.org']);

    expect(frameAncestors((await new TestClient(server.url).get(`/embed/events/${campaign.id}`)).headers)).toBe(
      "frame-ancestors 'self' https://kept.example.org",
    );

    const stranger = await signUp(server.url, { name: 'Sid Stranger' });
    expect((await stranger.client.put(`/api/events/${campaign.id}/embed-origins`, { origins: [] })).status).toBe(403);
    expect((await stranger.client.get(`/api/events/${campaign.id}/embed-origins`)).status).toBe(403);
    const cleared = await host.client.put(`/api/events/${campaign.id}/embed-origins`, { origins: [] });
    expect(cleared.data.data.origins).toEqual([]);
  });

  it('accepts a site in any case and stores it lower-cased', async () => {
    const host = await signUp(server.url, { name: 'Cass Host' });
    const campaign = await createCampaign(server.app, host.user._id, { status: 'approved' });
    const saved = await host.client.put(`/api/events/${campaign.id}/embed-origins`, { origins: ['HTTPS://Blog.Example.org', 'https://blog.example.org/'] });
    expect(saved.status, JSON.stringify(saved.data)).toBe(200);
    expect(saved.data.data.origins).toEqual(['https://blog.example.org']);
    const embed = await new TestClient(server.url).get(`/embed/events/${campaign.id}`);
    expect(frameAncestors(embed.headers)).toBe("frame-ancestors 'self' https://blog.example.org");
  });

  it('builds the header only from sites that pass the check, whatever the table holds', async () => {
    const host = await signUp(server.url, { name: 'Otto Host' });
    const campaign = await createCampaign(server.app, host.user._id, { status: 'approved' });
    const stored = ['https://ok.example.org', 'https://x.example;sandbox', 'https://x.example,script-src', 'https://*'];
    await server.app.ctx.db.insert(campaignEmbedOrigins).values(stored.map((origin) => ({ eventId: campaign.id, origin })));
    const embed = await new TestClient(server.url).get(`/embed/events/${campaign.id}`);
    const policy = embed.headers.get('content-security-policy')!;
    expect(frameAncestors(embed.headers)).toBe("frame-ancestors 'self' https://ok.example.org");
    expect(policy).not.toContain('sandbox');
    expect(policy).not.toContain('*');
    expect(policy).not.toContain(',');
  });
});
