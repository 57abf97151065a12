import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import zones, the file-name rule and the query zone of eslint.config.js, run through
 * ESLint's own API on planted sources at paths inside each zone: `npm run lint` fails on each
 * forbidden import and on a query outside server/repositories/.
 */
const root = path.join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });

async function problems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

const use = (name: string) => `\nexport const used = ${name};\n`;

describe('forbidden imports are lint errors', () => {
  it.each([
    [
      'a server file importing the browser app',
      'server/routes/planted.routes.ts',
      "import { formatMoney } from '../../src/lib/format.js';" + use('formatMoney'),
    ],
    [
      'a server file importing a browser type',
      'server/services/planted-service.ts',
      "import type { Product } from '../../src/api/types.js';\nexport type P = Product;\n",
    ],
    [
      'a server file importing a machine',
      'server/spa/planted-page.ts',
      "import { LIST_PAGE_SIZE } from '../../machines/catalogue-items.js';" + use('LIST_PAGE_SIZE'),
    ],
    ['a browser file importing the server', 'src/pages/planted-page.tsx', "import { toPaise } from '../../server/lib/money.js';" + use('toPaise')],
    ['a machine importing React', 'machines/planted.machine.ts', "import { useState } from 'react';" + use('useState')],
    ['a machine importing the HTTP client', 'machines/planted.machine.ts', "import { http } from '../src/lib/http';" + use('http')],
    ['a machine importing ky', 'machines/planted.machine.ts', "import ky from 'ky';" + use('ky')],
    ['a machine importing a browser API type', 'machines/planted.machine.ts', "import type { Address } from '../src/api/address';\nexport type A = Address;\n"],
    ['a machine importing Chakra', 'machines/planted.machine.ts', "import { Box } from '@chakra-ui/react';" + use('Box')],
    [
      'a machine importing the SignalR client',
      'machines/planted.machine.ts',
      "import { HubConnectionBuilder } from '@microsoft/signalr';" + use('HubConnectionBuilder'),
    ],
    ['a library file importing the app wiring', 'src/lib/planted.ts', "import { currentShop } from '../app/shop-context';" + use('currentShop')],
    ['a library file importing the server', 'src/lib/planted.ts', "import { toPaise } from '../../server/lib/money.js';" + use('toPaise')],
    ['a contract file importing the server', 'contract/planted.rules.ts', "import { toPaise } from '../server/lib/money.js';" + use('toPaise')],
    ['a contract file importing the browser app', 'contract/planted.rules.ts', "import { http } from '../src/lib/http';" + use('http')],
    ['a contract file importing a machine', 'contract/planted.rules.ts', "import { authMachine } from '../machines/auth.machine';" + use('authMachine')],
  ])('%s', async (_, file, source) => {
    expect(await problems(file, source)).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
  });
});

describe('allowed imports are not', () => {
  it.each([
    [
      'a server file importing contract/',
      'server/routes/planted.routes.ts',
      "import { formatPaise } from '../../contract/money.rules.js';" + use('formatPaise'),
    ],
    [
      'a browser file importing contract/ and a machine',
      'src/pages/planted-page.tsx',
      "import { imageUrl } from '../../contract/image-url.rules';\nimport { authMachine } from '../../machines/auth.machine';" + use('[imageUrl, authMachine]'),
    ],
    [
      'a machine importing xstate, another machine and contract/',
      'machines/planted.machine.ts',
      "import { setup } from 'xstate';\nimport { RECONNECT_FALLBACK_MS } from './hub.machine';\nimport type { Product } from '../contract/catalogue.schemas';\nexport type P = Product;" +
        use('[setup, RECONNECT_FALLBACK_MS]'),
    ],
    [
      'a library file importing another library file and contract/',
      'src/lib/planted.ts',
      "import { readLocal } from './storage';\nimport { formatMoney } from '../../contract/money.rules';" + use('[readLocal, formatMoney]'),
    ],
    ['an app file importing a library file', 'src/app/planted.ts', "import { readLocal } from '../lib/storage';" + use('readLocal')],
    [
      'a contract file importing TypeBox and another contract file',
      'contract/planted.schemas.ts',
      "import { Type } from '@sinclair/typebox';\nimport { ProductSchema } from './catalogue.schemas.js';" + use('Type.Array(ProductSchema)'),
    ],
    [
      'a test importing from anywhere',
      'tests/unit/planted.test.ts',
      "import { toPaise } from '../../server/lib/money.js';\nimport { imageUrl } from '../../src/lib/storage';" + use('[toPaise, imageUrl]'),
    ],
  ])('%s', async (_, file, source) => {
    expect(await problems(file, source)).toEqual([]);
  });
});

describe('queries live in repositories', () => {
  const query =
    "import type { Kysely } from 'kysely';\nimport type { Database } from '../db/schema.js';\nexport const orders = (db: Kysely<Database>) => db.selectFrom('orders').selectAll().execute();\n";
  const rawSql =
    "import { sql, type Kysely } from 'kysely';\nimport type { Database } from '../db/schema.js';\nexport const lock = (db: Kysely<Database>) => sql`select 1`.execute(db);\n";

  it.each([
    ['a route', 'server/routes/planted.routes.ts', query],
    ['a route with raw SQL', 'server/routes/planted.routes.ts', rawSql],
    ['a service', 'server/services/planted-service.ts', query],
    ['a service with raw SQL', 'server/services/planted-service.ts', rawSql],
    ['a sender', 'server/senders/planted-mail.ts', query],
    ['a job', 'server/jobs/planted-job.ts', query],
    ['a hub file', 'server/hub/planted-data.ts', query],
    ['a plugin', 'server/plugins/planted.plugin.ts', query],
    ['the command line', 'server/cli/planted.ts', query],
  ])('a query in %s is a lint error', async (_, file, source) => {
    expect(await problems(file, source)).toEqual([expect.stringMatching(/^no-restricted-syntax: Queries live in server\/repositories\//)]);
  });

  it.each([
    ['a repository', 'server/repositories/planted-repository.ts', query],
    ['a repository with raw SQL', 'server/repositories/planted-repository.ts', rawSql],
    ['the db layer', 'server/db/planted.ts', query],
    ['the payment sandbox', 'server/payments/sandbox/planted-store.ts', query],
  ])('a query in %s is not', async (_, file, source) => {
    expect(await problems(file, source)).toEqual([]);
  });

  it('a server file that may not query still may not focus a test', async () => {
    expect(await problems('server/services/planted-service.ts', "describe.only('x', () => {});\n")).toEqual([
      'no-restricted-syntax: No focused or skipped tests.',
    ]);
  });
});

describe('file names', () => {
  it.each([['src/components/ProductCard.tsx'], ['machines/checkoutMachine.ts'], ['server/routes/cart_routes.ts'], ['contract/Money.rules.ts']])(
    '%s is a lint error',
    async (file) => {
      expect(await problems(file, 'export const x = 1;\n')).toEqual([expect.stringMatching(/^shoal\/kebab-case-file-names: /)]);
    },
  );

  it.each([['src/components/product-card.tsx'], ['machines/checkout.machine.ts'], ['server/routes/cart.routes.ts'], ['tests/server/hub-protocol.test.ts']])(
    '%s is not',
    async (file) => {
      expect(await problems(file, 'export const x = 1;\n')).toEqual([]);
    },
  );
});
