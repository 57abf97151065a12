import { describe, expect, it } from 'vitest';
import { projectNodeEngines, unsupportedNodeMessage } from '../../server/lib/node-version.js';

describe('the Node.js versions the server starts on', () => {
  it('starts on the supported LTS lines from package.json engines: 22.14 and newer, 24', () => {
    const engines = projectNodeEngines();
    expect(engines).toBe('>=22.14');
    for (const version of ['22.14.0', '22.23.3', '24.0.0', '24.21.0', '26.1.0']) expect(unsupportedNodeMessage(version, engines)).toBeUndefined();
  });

  it('refuses an older Node.js with a sentence naming the version needed and the one running', () => {
    expect(unsupportedNodeMessage('20.20.2', '>=22.14')).toBe(
      'Shoal needs Node.js 22.14 or newer (the LTS lines 22 and 24); this is Node.js 20.20.2. Install a supported Node.js and run npm install again.',
    );
    expect(unsupportedNodeMessage('22.13.1', '>=22.14')).toContain('Shoal needs Node.js 22.14 or newer');
    expect(unsupportedNodeMessage('18.20.0', '>=22.14')).toContain('this is Node.js 18.20.0');
  });

  it('an engines range it cannot read is a mistake in package.json, not a pass', () => {
    expect(() => unsupportedNodeMessage('24.21.0', '^22.14 || ^24')).toThrow('package.json engines.node must read ">=MAJOR.MINOR"');
  });
});
