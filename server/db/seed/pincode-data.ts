/** The PIN codes each demo branch delivers to: real Kochi and Mangaluru codes around each shop. */

function range(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
}

export interface BranchPincodeSeed {
  companyId: number;
  branchId: number;
  /** The branch's name, so a database whose branch 1 is another shop is not given these codes. */
  branchName: string;
  pinCodes: string[];
}

export const DEMO_PINCODES: BranchPincodeSeed[] = [
  // Fort Kochi, Mattancherry, Willingdon Island, Thoppumpady, Palluruthy and Ernakulam south.
  { companyId: 1, branchId: 1, branchName: 'Fort Kochi', pinCodes: range(682001, 682015) },
  // Ernakulam north, Edappally, Palarivattom, Thrikkakara, Kakkanad and Infopark.
  { companyId: 1, branchId: 2, branchName: 'Kakkanad', pinCodes: [...range(682016, 682037), '682042'] },
  // Mangaluru city around the old port.
  { companyId: 2, branchId: 3, branchName: 'Bunder', pinCodes: range(575001, 575010) },
];
