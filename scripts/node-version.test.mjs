import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runOnPromisedNode, unsupportedNode } from './node-version.mjs';
import { lowestPromisedVersion } from './promised-node.mjs';

const folder = mkdtempSync(path.join(tmpdir(), 'promised-node-'));
const thisNodeBin = path.dirname(process.execPath);

/** A script that records which Node ran it and what PATH it saw, then exits with 7. */
function recordingScript() {
  const out = path.join(folder, `seen-${Math.random()}.json`);
  const script = path.join(folder, `record-${Math.random()}.mjs`);
  writeFileSync(
    script,
    `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(out)}, JSON.stringify({ node: process.execPath, path: process.env.PATH, args: process.argv.slice(2) }));\nprocess.exit(7);\n`,
  );
  return { script, out };
}

describe('npm start and npm test on an older Node', () => {
  it('runs the command again on the promised Node, first on PATH, and ends with its status', async () => {
    const { script, out } = recordingScript();
    const install = vi.fn(() => thisNodeBin);
    const exit = vi.fn();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await runOnPromisedNode({ version: '20.20.2', install, argv: [script, '--build'], exit });
    expect(install).toHaveBeenCalledOnce();
    expect(exit).toHaveBeenCalledWith(7);
    const seen = JSON.parse(readFileSync(out, 'utf8'));
    expect(seen.node).toBe(path.join(thisNodeBin, 'node'));
    expect(seen.path.split(path.delimiter)[0]).toBe(thisNodeBin);
    expect(seen.args).toEqual(['--build']);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining("This machine's Node is 20.20.2"));
  });

  it('does nothing on a supported Node', async () => {
    const install = vi.fn();
    const exit = vi.fn();
    await runOnPromisedNode({ version: lowestPromisedVersion(), install, exit });
    await runOnPromisedNode({ version: '24.0.0', install, exit });
    expect(install).not.toHaveBeenCalled();
    expect(exit).not.toHaveBeenCalled();
  });

  it('goes on with an honest warning when the promised Node cannot be fetched', async () => {
    const exit = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await runOnPromisedNode({
      version: '20.20.2',
      install: () => {
        throw new Error('no registry');
      },
      exit,
    });
    expect(exit).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/could not be fetched \(no registry\); going on with Node 20\.20\.2, which nothing proves/));
  });

  it('calls 22.12 and 23 unsupported and the lowest promised version supported', () => {
    expect(unsupportedNode('22.12.0')).toMatch(/needs Node/);
    expect(unsupportedNode('23.5.0')).toMatch(/needs Node/);
    expect(unsupportedNode(lowestPromisedVersion())).toBeNull();
  });
});
