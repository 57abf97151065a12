import type { Art, FishShape } from './svg-art.js';

/** Categories and products of the demo shop. Prices are rupees here and become paise when seeded. */

export type CategoryKey = 'sea' | 'fresh' | 'prawns' | 'crabs' | 'ready' | 'dry' | 'masala' | 'rice' | 'veg' | 'pickle';

export interface CategorySeed {
  id: number;
  key: CategoryKey;
  name: string;
  description: string;
  tint: string;
  art: Art;
}

export interface ProductSeed {
  key: string;
  name: string;
  category: CategoryKey;
  description: string;
  art: Art;
  /** Variant products: price of 1 kg whole, and the cuts and weights sold. */
  perKg?: number;
  cuts?: string[];
  weights?: string[];
  /** Products without variants: pack price and label. */
  price?: number;
  unit?: string;
  /** Percent off as the offer rate. */
  offerPct?: number;
  outOfStock?: 'both' | 'branch1' | 'branch2';
  notAtBranch2?: boolean;
  inactive?: boolean;
  /** Variant names (e.g. '1 kg · Fillet') the shop has switched off. */
  inactiveVariants?: string[];
}

export const CATEGORIES: CategorySeed[] = [
  { id: 1, key: 'sea', name: 'Sea Fish', description: 'Caught off the Kerala coast this morning', tint: '#bbdefb', art: { kind: 'fish', shape: 'long', body: '#78909c', belly: '#eceff1', fin: '#455a64', stripes: 6 } },
  { id: 2, key: 'fresh', name: 'Freshwater Fish', description: 'From backwaters, rivers and farm ponds', tint: '#c8e6c9', art: { kind: 'fish', shape: 'round', body: '#5d6d4e', belly: '#d7dfc6', fin: '#33402a', stripes: 5 } },
  { id: 3, key: 'prawns', name: 'Prawns & Shellfish', description: 'Prawns, squid, mussels and clams', tint: '#ffe0b2', art: { kind: 'prawn', color: '#ff8a65' } },
  { id: 4, key: 'crabs', name: 'Crabs', description: 'Mud crabs and sea crabs, live and cleaned', tint: '#ffccbc', art: { kind: 'crab', color: '#e64a19' } },
  { id: 5, key: 'ready', name: 'Ready to Cook', description: 'Marinated, cut and kitted for the pan', tint: '#f8bbd0', art: { kind: 'fillet', color: '#ef9a9a', garnish: '#fdd835' } },
  { id: 6, key: 'dry', name: 'Dry Fish', description: 'Sun-dried on the beaches of Chellanam', tint: '#d7ccc8', art: { kind: 'pack', color: '#a1887f', label: 'Dry Fish' } },
  { id: 7, key: 'masala', name: 'Masalas & Spices', description: 'Kerala masalas ground in small batches', tint: '#ffcdd2', art: { kind: 'pack', color: '#d84315', label: 'Masala' } },
  { id: 8, key: 'rice', name: 'Rice & Flours', description: 'Matta rice, puttu podi and more', tint: '#fff9c4', art: { kind: 'bag', color: '#c62828', label: 'Matta Rice' } },
  { id: 9, key: 'veg', name: 'Fresh Vegetables', description: 'What every fish curry needs', tint: '#dcedc8', art: { kind: 'produce', item: 'chilli' } },
  { id: 10, key: 'pickle', name: 'Pickles & Oils', description: 'Home-style pickles and cold-pressed oils', tint: '#ffe082', art: { kind: 'jar', color: '#ff7043', label: 'Pickle' } },
];

const f = (shape: FishShape, body: string, belly: string, fin: string, extra: { stripes?: number; spots?: boolean } = {}): Art => ({
  kind: 'fish', shape, body, belly, fin, ...extra,
});

const FISH_CUTS = ['Whole cleaned', 'Curry cut'];
const BIG_FISH_CUTS = ['Curry cut', 'Fry steaks', 'Fillet'];
const FISH_WEIGHTS = ['500 g', '1 kg'];

export const PRODUCTS: ProductSeed[] = [
  // Sea fish
  { key: 'seer-fish', name: 'Kingfish (Seer) – Neymeen', category: 'sea', description: 'The prized Neymeen: firm, mildly sweet flesh with few bones. Perfect for fry steaks and coconut curry.', art: f('long', '#90a4ae', '#eceff1', '#546e7a', { spots: true }), perKg: 1150, cuts: BIG_FISH_CUTS, offerPct: 10 },
  { key: 'black-pomfret', name: 'Black Pomfret – Karutha Avoli', category: 'sea', description: 'Meaty, oily and full of flavour. Score it and shallow-fry with chilli masala.', art: f('round', '#5d6d7e', '#aeb6bf', '#34495e'), perKg: 780, cuts: FISH_CUTS },
  { key: 'white-pomfret', name: 'White Pomfret – Vella Avoli', category: 'sea', description: 'Delicate white flesh; the classic pomfret fry of Kochi restaurants.', art: f('round', '#d5dbdb', '#fbfcfc', '#aab7b8'), perKg: 1350, cuts: FISH_CUTS, offerPct: 8 },
  { key: 'mackerel', name: 'Indian Mackerel – Ayala', category: 'sea', description: 'Everyday Kerala favourite for ayala curry and pollichathu. Rich in omega-3.', art: f('slim', '#4f7f8f', '#e0e6e8', '#2e4f5a', { stripes: 5 }), perKg: 280, cuts: FISH_CUTS, offerPct: 12 },
  { key: 'sardine', name: 'Oil Sardine – Mathi / Chaala', category: 'sea', description: 'Small, oily and tasty: mathi fry and mathi curry with kudampuli.', art: f('slim', '#5c7fa3', '#eef2f5', '#34506e'), perKg: 220, cuts: ['Whole cleaned'] },
  { key: 'red-snapper', name: 'Red Snapper – Chemballi', category: 'sea', description: 'Firm, pink-white flesh that holds its shape in a Kerala fish curry.', art: f('deep', '#e57373', '#ffebee', '#c62828'), perKg: 720, cuts: BIG_FISH_CUTS },
  { key: 'tuna', name: 'Yellowfin Tuna – Choora', category: 'sea', description: 'Deep red loins for tuna roast, cutlets and pickle.', art: f('deep', '#37474f', '#cfd8dc', '#fbc02d'), perKg: 420, cuts: BIG_FISH_CUTS, inactiveVariants: ['500 g · Fillet', '1 kg · Fillet'] },
  { key: 'barracuda', name: 'Barracuda – Sheelavu', category: 'sea', description: 'Long, lean and firm; great for steaks and fish fry.', art: f('long', '#78909c', '#eceff1', '#37474f', { stripes: 8 }), perKg: 560, cuts: BIG_FISH_CUTS },
  { key: 'anchovy', name: 'Anchovy – Nethili / Kozhuva', category: 'sea', description: 'Tiny and crisp when fried; cleaned head-off and ready to marinate.', art: f('slim', '#b0bec5', '#fafafa', '#78909c'), perKg: 300, cuts: ['Whole cleaned'], weights: ['500 g'] },
  { key: 'indian-salmon', name: 'Indian Salmon – Kaala', category: 'sea', description: 'Rich, buttery steaks; a Malabar favourite for fish fry.', art: f('long', '#8d6e63', '#efebe9', '#5d4037'), perKg: 980, cuts: BIG_FISH_CUTS, outOfStock: 'branch1' },
  { key: 'ribbon-fish', name: 'Ribbon Fish – Vaala', category: 'sea', description: 'Silvery and soft; cut into pieces for a tangy vaala curry.', art: f('eel', '#cfd8dc', '#ffffff', '#90a4ae'), perKg: 260, cuts: ['Curry cut'] },
  { key: 'sole-fish', name: 'Sole Fish – Manthal', category: 'sea', description: 'Flat and tender; fry whole with a simple pepper masala.', art: f('flat', '#a1887f', '#efebe9', '#6d4c41', { spots: true }), perKg: 380, cuts: ['Whole cleaned'] },
  { key: 'emperor', name: 'Emperor Fish – Vela Meen', category: 'sea', description: 'Large reef fish with sweet white meat; thick curry-cut pieces.', art: f('deep', '#bcaaa4', '#fbe9e7', '#8d6e63'), perKg: 640, cuts: BIG_FISH_CUTS },
  { key: 'trevally', name: 'Trevally – Para', category: 'sea', description: 'Firm and flavourful; great in a mulakittathu (red chilli curry).', art: f('deep', '#607d8b', '#eceff1', '#ffb300'), perKg: 480, cuts: FISH_CUTS, offerPct: 10 },
  { key: 'pink-perch', name: 'Pink Perch – Kilimeen', category: 'sea', description: 'Pretty pink fish with soft flesh; best fried whole.', art: f('slim', '#f48fb1', '#fce4ec', '#d81b60', { stripes: 3 }), perKg: 340, cuts: FISH_CUTS },
  { key: 'grouper', name: 'Grouper – Kalava', category: 'sea', description: 'Thick white fillets, loved for fish moilee.', art: f('deep', '#8d6e63', '#d7ccc8', '#4e342e', { spots: true }), perKg: 820, cuts: BIG_FISH_CUTS, outOfStock: 'both' },
  { key: 'lady-fish', name: 'Lady Fish – Kilanga', category: 'sea', description: 'Slender and silver, lightly sweet. Fry crisp with rice-flour coating.', art: f('slim', '#cfd8dc', '#ffffff', '#b0bec5'), perKg: 360, cuts: ['Whole cleaned'] },
  { key: 'silver-belly', name: 'Silver Belly – Mullan', category: 'sea', description: 'Small and bony but delicious; classic mullan peera.', art: f('round', '#e0e0e0', '#ffffff', '#9e9e9e'), perKg: 200, cuts: ['Whole cleaned'], weights: ['500 g'], notAtBranch2: true },
  { key: 'hilsa', name: 'Hilsa – Seasonal', category: 'sea', description: 'Monsoon-season hilsa, when the boats bring it in.', art: f('deep', '#b0bec5', '#f5f5f5', '#78909c'), perKg: 1400, cuts: FISH_CUTS, inactive: true },
  // Freshwater fish
  { key: 'karimeen', name: 'Pearl Spot – Karimeen', category: 'fresh', description: 'Kerala’s state fish from the Vembanad backwaters. Made for karimeen pollichathu.', art: f('round', '#4e6b57', '#cfd8c6', '#2e3f33', { stripes: 6 }), perKg: 850, cuts: ['Whole cleaned'], offerPct: 6 },
  { key: 'rohu', name: 'Rohu', category: 'fresh', description: 'Farm-fresh rohu with firm flesh, cut for curry or fry.', art: f('deep', '#a1887f', '#efebe9', '#c62828'), perKg: 260, cuts: FISH_CUTS },
  { key: 'catla', name: 'Catla', category: 'fresh', description: 'Large carp with big flakes; great for a mustard curry.', art: f('deep', '#90a4ae', '#eceff1', '#546e7a'), perKg: 240, cuts: FISH_CUTS },
  { key: 'tilapia', name: 'Tilapia – Sutharu', category: 'fresh', description: 'Mild and versatile, whole cleaned for frying.', art: f('round', '#78909c', '#e0e0e0', '#455a64', { stripes: 6 }), perKg: 230, cuts: FISH_CUTS, outOfStock: 'branch2' },
  { key: 'murrel', name: 'Murrel – Varaal', category: 'fresh', description: 'Snakehead from the paddy canals; nourishing and almost boneless.', art: f('long', '#5d4037', '#bcaaa4', '#3e2723', { spots: true }), perKg: 690, cuts: FISH_CUTS },
  { key: 'basa', name: 'Basa Fillet', category: 'fresh', description: 'Boneless white fillets, easy for kids and quick dinners.', art: { kind: 'fillet', color: '#fff3e0', garnish: '#fdd835' }, price: 249, unit: '500 g' },
  { key: 'catfish', name: 'Freshwater Catfish – Mushi', category: 'fresh', description: 'Rich and tender; cleaned and cut for a spicy mushi curry.', art: f('eel', '#6d4c41', '#bcaaa4', '#3e2723'), perKg: 480, cuts: ['Curry cut'] },
  { key: 'milk-fish', name: 'Milk Fish – Poomeen', category: 'fresh', description: 'Brackish-water poomeen with delicate, sweet flesh.', art: f('slim', '#b0bec5', '#ffffff', '#607d8b'), perKg: 420, cuts: FISH_CUTS },
  // Prawns & shellfish
  { key: 'tiger-prawns', name: 'Tiger Prawns – Kaara Chemmeen', category: 'prawns', description: 'Large, sweet tiger prawns for roast and grill.', art: { kind: 'prawn', color: '#ff7043' }, perKg: 1100, cuts: ['Cleaned & deveined', 'With shell'], weights: ['250 g', '500 g', '1 kg'], offerPct: 15 },
  { key: 'white-prawns', name: 'White Prawns – Naran', category: 'prawns', description: 'Medium naran prawns, the chemmeen of Kerala prawn curry.', art: { kind: 'prawn', color: '#ffab91' }, perKg: 640, cuts: ['Cleaned & deveined', 'With shell'], weights: ['250 g', '500 g', '1 kg'], offerPct: 10 },
  { key: 'small-prawns', name: 'Small Prawns – Kazhanthan', category: 'prawns', description: 'Tiny prawns for chemmeen chammanthi and thoran.', art: { kind: 'prawn', color: '#ffccbc' }, perKg: 420, cuts: ['Cleaned & deveined'], weights: ['250 g', '500 g'] },
  { key: 'scampi', name: 'Scampi – Konju', category: 'prawns', description: 'Freshwater giant prawns, a special-occasion treat.', art: { kind: 'lobster', color: '#ef6c00' }, perKg: 1450, cuts: ['With shell'], weights: ['500 g', '1 kg'], outOfStock: 'branch1' },
  { key: 'squid', name: 'Squid – Koonthal', category: 'prawns', description: 'Cleaned squid tubes and rings for roast or fry.', art: { kind: 'squid', color: '#f8bbd0' }, perKg: 460, cuts: ['Rings', 'Whole cleaned'], offerPct: 8 },
  { key: 'cuttlefish', name: 'Cuttlefish – Kanava', category: 'prawns', description: 'Thick, tender kanava for a peppery roast.', art: { kind: 'squid', color: '#d7ccc8' }, perKg: 520, cuts: ['Curry cut'] },
  { key: 'mussels', name: 'Green Mussels – Kallummakkaya', category: 'prawns', description: 'Shelled mussel meat from Malabar, ready for a quick fry.', art: { kind: 'shell', color: '#2e7d32', ridged: false }, price: 299, unit: '500 g', notAtBranch2: true },
  { key: 'clams', name: 'Clams – Kakka', category: 'prawns', description: 'Shelled clam meat from the Vembanad lake for kakka irachi.', art: { kind: 'shell', color: '#bcaaa4', ridged: true }, price: 179, unit: '500 g' },
  { key: 'lobster', name: 'Rock Lobster', category: 'prawns', description: 'Live rock lobster from Vizhinjam, on order only.', art: { kind: 'lobster', color: '#c62828' }, perKg: 2600, cuts: ['Whole cleaned'], inactive: true },
  // Crabs
  { key: 'mud-crab', name: 'Mud Crab – Njandu', category: 'crabs', description: 'Meaty backwater crabs, cleaned and cut for crab roast.', art: { kind: 'crab', color: '#5d4037' }, perKg: 980, cuts: ['Cleaned & cut', 'Live'], inactiveVariants: ['500 g · Live'] },
  { key: 'sea-crab', name: 'Blue Swimmer Crab – Kadal Njandu', category: 'crabs', description: 'Sweet sea crab for curries and soups.', art: { kind: 'crab', color: '#1e88e5' }, perKg: 560, cuts: ['Cleaned & cut'], offerPct: 10 },
  { key: 'crab-meat', name: 'Crab Meat – Picked', category: 'crabs', description: 'Hand-picked crab meat, ready for cutlets and crab thoran.', art: { kind: 'fillet', color: '#ffe0b2', garnish: '#e64a19' }, price: 399, unit: '250 g' },
  // Ready to cook
  { key: 'seer-fry-marinated', name: 'Seer Fish Fry – Marinated', category: 'ready', description: 'Neymeen steaks in our Kerala red masala. Straight into the pan.', art: { kind: 'fillet', color: '#e57373', garnish: '#fdd835' }, price: 329, unit: '4 steaks · 400 g', offerPct: 10 },
  { key: 'pollichathu-kit', name: 'Karimeen Pollichathu Kit', category: 'ready', description: 'Two karimeen, masala and banana leaf: dinner for two in 30 minutes.', art: { kind: 'fillet', color: '#8d6e63', garnish: '#43a047' }, price: 499, unit: '2 fish · kit' },
  { key: 'prawn-roast-kit', name: 'Prawn Roast Kit', category: 'ready', description: 'Cleaned prawns with roast masala, shallots and curry leaves.', art: { kind: 'prawn', color: '#e64a19' }, price: 379, unit: '500 g kit' },
  { key: 'fish-curry-mix', name: 'Fish Curry Cut Mix', category: 'ready', description: 'A mix of the day’s curry-cut fish, ready for your meen curry.', art: { kind: 'fillet', color: '#ffccbc', garnish: '#d84315' }, price: 259, unit: '500 g' },
  { key: 'squid-rings', name: 'Squid Rings – Batter Ready', category: 'ready', description: 'Cleaned rings, coated and ready to deep-fry.', art: { kind: 'squid', color: '#ffe0b2' }, price: 229, unit: '300 g', outOfStock: 'both' },
  { key: 'fish-cutlet', name: 'Tuna Cutlets – Frozen', category: 'ready', description: 'Crumbed tuna and potato cutlets, six to a pack.', art: { kind: 'fillet', color: '#a1887f', garnish: '#fdd835' }, price: 189, unit: '6 pcs' },
  { key: 'prawn-biryani-kit', name: 'Prawn Biryani Kit', category: 'ready', description: 'Kaima rice, marinated prawns and biryani masala for four.', art: { kind: 'bag', color: '#ef6c00', label: 'Biryani Kit' }, price: 549, unit: 'Serves 4', notAtBranch2: true },
  // Dry fish
  { key: 'dry-anchovy', name: 'Dried Anchovy – Unakka Nethili', category: 'dry', description: 'Crunchy dried anchovies for a spicy fry.', art: { kind: 'pack', color: '#8d6e63', label: 'Dried Nethili' }, price: 149, unit: '200 g' },
  { key: 'dry-prawns', name: 'Dried Prawns – Unakka Chemmeen', category: 'dry', description: 'For chemmeen chammanthi, the tastiest chutney there is.', art: { kind: 'pack', color: '#ff8a65', label: 'Dried Prawns' }, price: 199, unit: '200 g', offerPct: 10 },
  { key: 'dry-ribbon', name: 'Dried Ribbon Fish – Unakka Vaala', category: 'dry', description: 'Salted and sun-dried vaala pieces.', art: { kind: 'pack', color: '#90a4ae', label: 'Dried Vaala' }, price: 129, unit: '250 g' },
  { key: 'dry-mackerel', name: 'Dried Mackerel – Unakka Ayala', category: 'dry', description: 'Split and salted ayala, a rainy-day favourite.', art: { kind: 'pack', color: '#607d8b', label: 'Dried Ayala' }, price: 169, unit: '250 g', outOfStock: 'branch2' },
  { key: 'dry-seer', name: 'Dried Seer Pieces – Unakka Neymeen', category: 'dry', description: 'Premium dried neymeen pieces, low salt.', art: { kind: 'pack', color: '#455a64', label: 'Dried Neymeen' }, price: 349, unit: '250 g' },
  // Masalas & spices
  { key: 'fish-curry-masala', name: 'Fish Curry Masala', category: 'masala', description: 'Our own blend for a red Kerala fish curry.', art: { kind: 'pack', color: '#c62828', label: 'Fish Curry Masala' }, price: 65, unit: '200 g', offerPct: 15 },
  { key: 'fish-fry-masala', name: 'Fish Fry Masala', category: 'masala', description: 'Chilli, pepper and ginger for crisp fish fry.', art: { kind: 'pack', color: '#e65100', label: 'Fish Fry Masala' }, price: 55, unit: '100 g', offerPct: 15 },
  { key: 'kashmiri-chilli', name: 'Kashmiri Chilli Powder', category: 'masala', description: 'Bright red colour with gentle heat.', art: { kind: 'pack', color: '#b71c1c', label: 'Kashmiri Chilli' }, price: 120, unit: '250 g' },
  { key: 'turmeric', name: 'Turmeric Powder', category: 'masala', description: 'Alleppey turmeric, high in curcumin.', art: { kind: 'pack', color: '#f9a825', label: 'Turmeric' }, price: 58, unit: '200 g' },
  { key: 'kudampuli', name: 'Kudampuli – Malabar Tamarind', category: 'masala', description: 'Smoked Garcinia for the authentic sour of meen curry.', art: { kind: 'pack', color: '#3e2723', label: 'Kudampuli' }, price: 110, unit: '250 g' },
  { key: 'black-pepper', name: 'Wayanad Black Pepper', category: 'masala', description: 'Bold whole pepper from Wayanad hills.', art: { kind: 'pack', color: '#212121', label: 'Black Pepper' }, price: 145, unit: '100 g' },
  { key: 'garam-masala', name: 'Garam Masala', category: 'masala', description: 'Cardamom-forward blend for biryani and roasts.', art: { kind: 'pack', color: '#6d4c41', label: 'Garam Masala' }, price: 70, unit: '100 g' },
  { key: 'coriander-powder', name: 'Coriander Powder', category: 'masala', description: 'Freshly ground, roasted coriander.', art: { kind: 'pack', color: '#827717', label: 'Coriander' }, price: 48, unit: '200 g', inactive: true },
  // Rice & flours
  { key: 'matta-rice', name: 'Kerala Matta Rice', category: 'rice', description: 'Rosematta parboiled rice, the everyday rice of Kerala.', art: { kind: 'bag', color: '#c62828', label: 'Matta Rice' }, price: 329, unit: '5 kg', offerPct: 6 },
  { key: 'kaima-rice', name: 'Kaima (Jeerakasala) Rice', category: 'rice', description: 'Short-grain fragrant rice for Malabar biryani.', art: { kind: 'bag', color: '#2e7d32', label: 'Kaima Rice' }, price: 179, unit: '1 kg' },
  { key: 'puttu-podi', name: 'Puttu Podi – Rice Flour', category: 'rice', description: 'Roasted red rice flour for soft puttu.', art: { kind: 'bag', color: '#ad1457', label: 'Puttu Podi' }, price: 78, unit: '1 kg' },
  { key: 'appam-podi', name: 'Appam Podi', category: 'rice', description: 'Fine rice flour for lacy palappam.', art: { kind: 'bag', color: '#1565c0', label: 'Appam Podi' }, price: 82, unit: '1 kg' },
  // Fresh vegetables
  { key: 'coconut', name: 'Fresh Coconut', category: 'veg', description: 'Mature coconut for grating into curries.', art: { kind: 'produce', item: 'coconut' }, price: 42, unit: '1 pc' },
  { key: 'shallots', name: 'Small Onion – Shallots', category: 'veg', description: 'Kerala’s kunjulli, for tempering and theeyal.', art: { kind: 'produce', item: 'shallot' }, price: 55, unit: '500 g' },
  { key: 'green-chillies', name: 'Green Chillies', category: 'veg', description: 'Fresh and hot.', art: { kind: 'produce', item: 'chilli' }, price: 25, unit: '250 g' },
  { key: 'curry-leaves', name: 'Curry Leaves', category: 'veg', description: 'A fragrant bunch from the backyard tree.', art: { kind: 'produce', item: 'leaves' }, price: 12, unit: '1 bunch' },
  { key: 'ginger', name: 'Ginger', category: 'veg', description: 'Fresh Wayanad ginger.', art: { kind: 'produce', item: 'ginger' }, price: 38, unit: '250 g', outOfStock: 'branch1' },
  { key: 'lemon', name: 'Lemon', category: 'veg', description: 'Juicy lemons for fish fry and pickles.', art: { kind: 'produce', item: 'lemon' }, price: 30, unit: '4 pcs' },
  // Pickles & oils
  { key: 'coconut-oil', name: 'Cold-pressed Coconut Oil', category: 'pickle', description: 'Chakku-pressed from sun-dried copra.', art: { kind: 'bottle', color: '#fff8e1', label: 'Coconut Oil' }, price: 289, unit: '1 L', offerPct: 8 },
  { key: 'gingelly-oil', name: 'Gingelly (Sesame) Oil', category: 'pickle', description: 'Cold-pressed sesame oil for pickles and tadka.', art: { kind: 'bottle', color: '#ffe082', label: 'Gingelly Oil' }, price: 249, unit: '500 ml' },
  { key: 'prawn-pickle', name: 'Prawn Pickle', category: 'pickle', description: 'Fiery Kerala-style chemmeen achar.', art: { kind: 'jar', color: '#e64a19', label: 'Prawn Pickle' }, price: 210, unit: '200 g', offerPct: 10 },
  { key: 'fish-pickle', name: 'Tuna Fish Pickle', category: 'pickle', description: 'Tuna chunks in garlic and vinegar.', art: { kind: 'jar', color: '#bf360c', label: 'Fish Pickle' }, price: 190, unit: '200 g' },
  { key: 'mango-pickle', name: 'Kadumanga Pickle', category: 'pickle', description: 'Tender mango pickle; back when the season returns.', art: { kind: 'jar', color: '#9e9d24', label: 'Kadumanga' }, price: 120, unit: '250 g', inactive: true },
];

/** Weights sold for a variant product (500 g and 1 kg unless the product says otherwise). */
export function weightsOf(product: ProductSeed): string[] {
  return product.weights ?? FISH_WEIGHTS;
}

/** Where the generated pictures are served (server/assets/images is mounted at /images/). */
export const imagePath = {
  product: (key: string) => `/images/products/${key}.svg`,
  category: (key: string) => `/images/categories/${key}.svg`,
  special: (id: number) => `/images/special/special-${id}.svg`,
  offer: (id: number) => `/images/offers/offer-${id}.svg`,
  logo: '/images/logo.svg',
};
