/** The shop's command line: the PIN codes each branch delivers to (docs/shop-cli.md). */
import { addBranchPincodes, findBranch, listBranchPincodes, pincodesOfOtherBranches, removeBranchPincodes } from '../repositories/pincode-repository.js';
import { isPinCode } from '../../contract/delivery.rules.js';
import { CliError, type Options, type Command, positiveInt, type Shop } from './cli-kit.js';

/** The most PIN codes one command takes: a district has a few hundred. */
const MAX_PIN_CODES = 1000;

/** --pin as PIN codes: '682001', '682001,682042' or ranges '682001-682036'; sorted, each once. */
export function pinCodesOf(options: Options): string[] {
  const raw = options.pin;
  if (typeof raw !== 'string' || raw.trim() === '') throw new CliError('--pin is required, e.g. --pin 682001 or --pin 682001-682036,682042.');
  const codes = new Set<string>();
  for (const part of raw.split(',').map((p) => p.trim())) {
    const [from = '', to = from, extra] = part.split('-').map((p) => p.trim());
    if (extra !== undefined || !isPinCode(from) || !isPinCode(to))
      throw new CliError(`"${part}" is not a PIN code or a range of them; a PIN code is 6 digits and does not start with 0.`);
    if (Number(to) < Number(from)) throw new CliError(`The range "${part}" runs backwards.`);
    if (Number(to) - Number(from) + codes.size >= MAX_PIN_CODES) throw new CliError(`Give at most ${MAX_PIN_CODES} PIN codes at a time.`);
    for (let n = Number(from); n <= Number(to); n += 1) codes.add(String(n));
  }
  return [...codes].sort();
}

async function branchOf(shop: Shop, options: Options) {
  const branchId = positiveInt(options, 'branch', false) ?? shop.config.defaultBranchId;
  const branch = await findBranch(shop.handle.db, branchId);
  if (!branch) throw new CliError(`Branch ${branchId} was not found.`);
  return branch;
}

/** '682001–682015, 682042': runs of consecutive codes folded into ranges. */
function pinRanges(codes: string[]): string {
  const runs: [string, string][] = [];
  for (const code of codes) {
    const last = runs.at(-1);
    if (last && Number(code) === Number(last[1]) + 1) last[1] = code;
    else runs.push([code, code]);
  }
  return runs.map(([a, b]) => (a === b ? a : `${a}–${b}`)).join(', ');
}

export const pincodeCommands: Record<string, Command> = {
  async pincodes(shop, options) {
    const branch = await branchOf(shop, options);
    const codes = await listBranchPincodes(shop.handle.db, branch.id);
    shop.out(
      codes.length === 0
        ? `${branch.name} (branch ${branch.id}) delivers to no PIN code yet.`
        : `${branch.name} (branch ${branch.id}) delivers to ${codes.length} PIN code${codes.length === 1 ? '' : 's'}: ${pinRanges(codes)}.`,
    );
  },

  async 'pincode-add'(shop, options) {
    const codes = pinCodesOf(options);
    const branch = await branchOf(shop, options);
    const taken = await pincodesOfOtherBranches(shop.handle.db, branch.company_id, branch.id, codes);
    if (taken.length > 0) {
      const first = taken[0]!;
      throw new CliError(
        `${pinRanges(taken.map((t) => t.pin_code))} ${taken.length === 1 ? 'is' : 'are'} served by branch ${first.branch_id}; remove ${taken.length === 1 ? 'it' : 'them'} there first (pincode-remove --branch ${first.branch_id}).`,
      );
    }
    const added = await addBranchPincodes(shop.handle.db, branch.company_id, branch.id, codes);
    shop.out(`${branch.name} (branch ${branch.id}) now delivers to ${pinRanges(codes)} (${added} new).`);
  },

  async 'pincode-remove'(shop, options) {
    const codes = pinCodesOf(options);
    const branch = await branchOf(shop, options);
    const removed = await removeBranchPincodes(shop.handle.db, branch.id, codes);
    if (removed === 0) throw new CliError(`${branch.name} (branch ${branch.id}) does not deliver to ${pinRanges(codes)}.`);
    shop.out(`${branch.name} (branch ${branch.id}) no longer delivers to ${pinRanges(codes)} (${removed} removed).`);
  },
};
