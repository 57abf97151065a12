/**
 * Drawings for the demo catalogue: fish, shellfish, packs and produce as small SVG files, made
 * in code so the demo shop carries no binary assets and every picture shares one style.
 */

export type FishShape = 'slim' | 'long' | 'round' | 'deep' | 'flat' | 'eel';

export type Art =
  | { kind: 'fish'; shape: FishShape; body: string; belly: string; fin: string; stripes?: number; spots?: boolean }
  | { kind: 'prawn'; color: string }
  | { kind: 'crab'; color: string }
  | { kind: 'squid'; color: string }
  | { kind: 'shell'; color: string; ridged?: boolean }
  | { kind: 'lobster'; color: string }
  | { kind: 'fillet'; color: string; garnish: string }
  | { kind: 'pack'; color: string; label: string }
  | { kind: 'bag'; color: string; label: string }
  | { kind: 'bottle'; color: string; label: string }
  | { kind: 'jar'; color: string; label: string }
  | { kind: 'produce'; item: 'coconut' | 'chilli' | 'shallot' | 'leaves' | 'ginger' | 'lemon' };

const FISH_SIZES: Record<FishShape, { length: number; height: number }> = {
  slim: { length: 250, height: 72 },
  long: { length: 300, height: 62 },
  round: { length: 210, height: 150 },
  deep: { length: 250, height: 112 },
  flat: { length: 240, height: 96 },
  eel: { length: 310, height: 40 },
};

const esc = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function fish(a: Extract<Art, { kind: 'fish' }>, id: string): string {
  const { length, height } = FISH_SIZES[a.shape];
  const cx = 200;
  const cy = 200;
  const nose = cx - length / 2;
  const tailBase = cx + length / 2 - 40;
  const h = height / 2;
  const body =
    `M${nose},${cy} C${nose + length * 0.18},${cy - h * 1.25} ${tailBase - length * 0.25},${cy - h * 1.05} ${tailBase},${cy - h * 0.22} ` +
    `L${tailBase},${cy + h * 0.22} C${tailBase - length * 0.25},${cy + h * 1.05} ${nose + length * 0.18},${cy + h * 1.2} ${nose},${cy} Z`;
  const tailSpread = Math.max(h * 0.9, 34);
  const tail = `M${tailBase - 6},${cy} L${tailBase + 52},${cy - tailSpread} Q${tailBase + 36},${cy} ${tailBase + 52},${cy + tailSpread} Z`;
  const dorsalX = nose + length * 0.42;
  const dorsal = `M${dorsalX - 30},${cy - h * 0.92} Q${dorsalX},${cy - h - 38} ${dorsalX + 44},${cy - h * 0.8} Z`;
  const pelvic = `M${dorsalX - 10},${cy + h * 0.85} Q${dorsalX + 8},${cy + h + 24} ${dorsalX + 34},${cy + h * 0.72} Z`;
  const eyeX = nose + Math.min(34, length * 0.13);
  const eyeY = a.shape === 'flat' ? cy - h * 0.45 : cy - h * 0.22;
  const stripes = Array.from({ length: a.stripes ?? 0 }, (_, i) => {
    const x = nose + length * 0.3 + i * ((length * 0.55) / Math.max(1, a.stripes ?? 1));
    return `<rect x="${x.toFixed(1)}" y="${cy - h - 4}" width="${(length * 0.05).toFixed(1)}" height="${h * 2 + 8}" fill="${a.fin}" opacity="0.35"/>`;
  }).join('');
  const spots = a.spots
    ? Array.from({ length: 14 }, (_, i) => {
        const x = nose + length * 0.28 + ((i * 37) % Math.round(length * 0.5));
        const y = cy - h * 0.6 + ((i * 23) % Math.round(h * 1.1));
        return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="4" fill="${a.fin}" opacity="0.45"/>`;
      }).join('')
    : '';
  return (
    `<path d="${tail}" fill="${a.fin}"/><path d="${dorsal}" fill="${a.fin}"/><path d="${pelvic}" fill="${a.fin}" opacity="0.85"/>` +
    `<clipPath id="b${id}"><path d="${body}"/></clipPath>` +
    `<path d="${body}" fill="url(#g${id})"/>` +
    `<g clip-path="url(#b${id})">${stripes}${spots}<ellipse cx="${cx - 20}" cy="${cy - h * 0.55}" rx="${length * 0.3}" ry="${h * 0.16}" fill="#fff" opacity="0.25"/></g>` +
    `<path d="M${eyeX + 18},${cy - h * 0.7} Q${eyeX + 34},${cy} ${eyeX + 18},${cy + h * 0.7}" stroke="${a.fin}" stroke-width="3" fill="none" opacity="0.6"/>` +
    `<circle cx="${eyeX}" cy="${eyeY}" r="9" fill="#fff"/><circle cx="${eyeX + 1}" cy="${eyeY}" r="5" fill="#1b2430"/>` +
    `<defs><linearGradient id="g${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a.body}"/><stop offset="1" stop-color="${a.belly}"/></linearGradient></defs>`
  );
}

function prawn(color: string): string {
  const segments = Array.from({ length: 6 }, (_, i) => {
    const angle = (i / 6) * Math.PI * 1.15 + 0.2;
    const x = 200 + Math.cos(angle) * 80;
    const y = 190 + Math.sin(angle) * 80;
    const r = 38 - i * 4;
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r}" fill="${color}" stroke="#fff" stroke-opacity="0.5" stroke-width="3"/>`;
  }).join('');
  return (
    `<path d="M128,262 Q80,300 96,320 Q120,300 150,290 Z" fill="${color}"/>` +
    segments +
    `<path d="M285,175 Q330,120 360,110 M285,180 Q340,150 365,150" stroke="${color}" stroke-width="3" fill="none"/>` +
    `<circle cx="270" cy="176" r="6" fill="#1b2430"/>` +
    Array.from({ length: 5 }, (_, i) => `<path d="M${230 - i * 18},${245 - i * 4} l-6,26" stroke="${color}" stroke-width="4"/>`).join('')
  );
}

function crab(color: string): string {
  const legs = [-1, 1]
    .flatMap((side) =>
      [0, 1, 2].map(
        (i) =>
          `<path d="M${200 + side * 60},${215 + i * 16} q${side * 50},${10 + i * 6} ${side * 75},${45 + i * 10}" stroke="${color}" stroke-width="10" fill="none" stroke-linecap="round"/>`,
      ),
    )
    .join('');
  const claws = [-1, 1]
    .map(
      (side) =>
        `<path d="M${200 + side * 50},185 q${side * 40},-50 ${side * 85},-60" stroke="${color}" stroke-width="12" fill="none" stroke-linecap="round"/>` +
        `<ellipse cx="${200 + side * 140}" cy="118" rx="30" ry="20" fill="${color}" transform="rotate(${side * -30} ${200 + side * 140} 118)"/>`,
    )
    .join('');
  return (
    legs +
    claws +
    `<ellipse cx="200" cy="212" rx="92" ry="62" fill="${color}"/><ellipse cx="200" cy="195" rx="70" ry="30" fill="#fff" opacity="0.18"/>` +
    `<circle cx="178" cy="160" r="8" fill="#1b2430"/><circle cx="222" cy="160" r="8" fill="#1b2430"/>`
  );
}

function squid(color: string): string {
  const arms = Array.from(
    { length: 7 },
    (_, i) => `<path d="M${170 + i * 10},250 q${(i - 3) * 8},50 ${(i - 3) * 14},95" stroke="${color}" stroke-width="9" fill="none" stroke-linecap="round"/>`,
  ).join('');
  return `${arms}<path d="M200,60 L260,150 Q265,230 230,258 L170,258 Q135,230 140,150 Z" fill="${color}"/><path d="M200,60 L290,110 L255,150 Z M200,60 L110,110 L145,150 Z" fill="${color}" opacity="0.8"/><circle cx="182" cy="225" r="8" fill="#1b2430"/><circle cx="218" cy="225" r="8" fill="#1b2430"/>`;
}

function shell(color: string, ridged: boolean): string {
  const one = (x: number, y: number, rot: number): string =>
    `<g transform="translate(${x} ${y}) rotate(${rot})"><path d="M0,-70 Q62,-40 48,40 Q0,70 -48,40 Q-62,-40 0,-70 Z" fill="${color}"/>` +
    (ridged
      ? Array.from(
          { length: 5 },
          (_, i) => `<path d="M0,-66 Q${-40 + i * 20},0 ${-36 + i * 18},46" stroke="#fff" stroke-opacity="0.35" stroke-width="3" fill="none"/>`,
        ).join('')
      : `<path d="M-30,-20 Q0,-40 30,-20" stroke="#fff" stroke-opacity="0.4" stroke-width="6" fill="none"/>`) +
    '</g>';
  return one(150, 215, -25) + one(255, 200, 20) + one(205, 265, 90);
}

function lobster(color: string): string {
  const tail = Array.from(
    { length: 5 },
    (_, i) =>
      `<ellipse cx="${200 + i * 30}" cy="${220 + i * 6}" rx="24" ry="${32 - i * 3}" fill="${color}" stroke="#fff" stroke-opacity="0.4" stroke-width="3"/>`,
  ).join('');
  return `${tail}<path d="M340,250 l30,-20 l0,50 Z" fill="${color}"/><ellipse cx="150" cy="205" rx="55" ry="38" fill="${color}"/><path d="M110,190 q-40,-60 -20,-110 M120,200 q-70,-30 -90,-80" stroke="${color}" stroke-width="5" fill="none"/><ellipse cx="95" cy="255" rx="34" ry="20" fill="${color}"/><circle cx="120" cy="190" r="6" fill="#1b2430"/>`;
}

function fillet(color: string, garnish: string): string {
  return (
    `<ellipse cx="200" cy="220" rx="150" ry="95" fill="#fdfdfd" stroke="#d9dee4" stroke-width="6"/>` +
    [
      [-60, 0, -12],
      [10, -20, 8],
      [70, 15, -4],
    ]
      .map(
        ([dx, dy, rot]) =>
          `<rect x="${160 + (dx ?? 0)}" y="${190 + (dy ?? 0)}" width="88" height="52" rx="22" fill="${color}" transform="rotate(${rot} ${200 + (dx ?? 0)} ${215 + (dy ?? 0)})"/>`,
      )
      .join('') +
    `<circle cx="120" cy="270" r="16" fill="${garnish}"/><circle cx="290" cy="262" r="12" fill="${garnish}"/><path d="M260,170 q20,-30 45,-20 q-10,25 -45,20 Z" fill="#43a047"/>`
  );
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function packLabel(label: string, y: number, size: number): string {
  return wrap(label, 11)
    .slice(0, 3)
    .map(
      (line, i) =>
        `<text x="200" y="${y + i * (size + 4)}" font-family="Verdana, sans-serif" font-size="${size}" font-weight="700" fill="#263238" text-anchor="middle">${esc(line)}</text>`,
    )
    .join('');
}

function pack(color: string, label: string): string {
  return `<path d="M120,90 L280,90 L300,330 Q200,345 100,330 Z" fill="${color}"/><rect x="120" y="80" width="160" height="22" rx="4" fill="${color}" opacity="0.75"/><rect x="132" y="170" width="136" height="110" rx="12" fill="#fffdf5"/>${packLabel(label, 212, 20)}`;
}

function bag(color: string, label: string): string {
  return `<path d="M105,110 Q200,70 295,110 L315,330 Q200,352 85,330 Z" fill="${color}"/><path d="M110,110 Q200,135 290,110" stroke="#fff" stroke-opacity="0.5" stroke-width="5" fill="none"/><rect x="125" y="170" width="150" height="110" rx="10" fill="#fffdf5"/>${packLabel(label, 212, 20)}`;
}

function bottle(color: string, label: string): string {
  return `<rect x="178" y="60" width="44" height="34" rx="6" fill="#37474f"/><path d="M178,94 L222,94 L222,120 Q270,140 270,190 L270,330 Q200,345 130,330 L130,190 Q130,140 178,120 Z" fill="${color}"/><rect x="138" y="200" width="124" height="90" rx="8" fill="#fffdf5"/>${packLabel(label, 236, 18)}`;
}

function jar(color: string, label: string): string {
  return `<rect x="130" y="95" width="140" height="36" rx="8" fill="#b71c1c"/><rect x="115" y="128" width="170" height="205" rx="28" fill="${color}"/><rect x="130" y="185" width="140" height="95" rx="8" fill="#fffdf5"/>${packLabel(label, 222, 18)}`;
}

function produce(item: Extract<Art, { kind: 'produce' }>['item']): string {
  switch (item) {
    case 'coconut':
      return `<circle cx="200" cy="210" r="110" fill="#6d4c41"/><circle cx="235" cy="195" r="70" fill="#fafafa"/><circle cx="235" cy="195" r="50" fill="#f1f8e9"/><circle cx="160" cy="160" r="8" fill="#3e2723"/><circle cx="150" cy="190" r="8" fill="#3e2723"/>`;
    case 'chilli':
      return [0, 1, 2]
        .map(
          (i) =>
            `<g transform="translate(${i * 28} ${i * 46 - 40})"><path d="M110,170 Q200,160 290,250 Q300,266 284,262 Q200,215 112,192 Z" fill="#43a047" stroke="#2e7d32" stroke-width="3"/><path d="M112,180 q-20,-6 -28,-24" stroke="#33691e" stroke-width="6" fill="none" stroke-linecap="round"/></g>`,
        )
        .join('');
    case 'shallot':
      return [
        [150, 220],
        [235, 210],
        [195, 265],
        [260, 270],
      ]
        .map(
          ([x, y]) =>
            `<path d="M${x},${(y ?? 0) - 70} Q${(x ?? 0) + 55},${y} ${x},${(y ?? 0) + 45} Q${(x ?? 0) - 55},${y} ${x},${(y ?? 0) - 70} Z" fill="#8e3b5c" stroke="#6a1b3a" stroke-width="3"/>`,
        )
        .join('');
    case 'leaves':
      return (
        `<path d="M200,340 L200,80" stroke="#33691e" stroke-width="6"/>` +
        Array.from(
          { length: 8 },
          (_, i) =>
            `<ellipse cx="${i % 2 ? 235 : 165}" cy="${110 + i * 28}" rx="38" ry="14" fill="#558b2f" transform="rotate(${i % 2 ? -25 : 25} ${i % 2 ? 235 : 165} ${110 + i * 28})"/>`,
        ).join('')
      );
    case 'ginger':
      return `<path d="M100,230 Q110,170 170,180 Q190,120 240,140 Q300,120 310,190 Q330,250 260,260 Q200,300 150,270 Q95,280 100,230 Z" fill="#d7b377" stroke="#a1887f" stroke-width="4"/>`;
    case 'lemon':
      return `<ellipse cx="160" cy="210" rx="80" ry="62" fill="#fdd835"/><circle cx="260" cy="225" r="62" fill="#fff59d" stroke="#fdd835" stroke-width="10"/>`;
  }
}

function subject(art: Art, id: string): string {
  switch (art.kind) {
    case 'fish':
      return fish(art, id);
    case 'prawn':
      return prawn(art.color);
    case 'crab':
      return crab(art.color);
    case 'squid':
      return squid(art.color);
    case 'shell':
      return shell(art.color, art.ridged ?? false);
    case 'lobster':
      return lobster(art.color);
    case 'fillet':
      return fillet(art.color, art.garnish);
    case 'pack':
      return pack(art.color, art.label);
    case 'bag':
      return bag(art.color, art.label);
    case 'bottle':
      return bottle(art.color, art.label);
    case 'jar':
      return jar(art.color, art.label);
    case 'produce':
      return produce(art.item);
  }
}

/** A square product or category picture: the subject on a soft tinted disc. */
export function pictureSvg(art: Art, tint: string, id: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">` +
    `<defs><radialGradient id="bg${id}" cx="0.5" cy="0.45" r="0.6"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${tint}"/></radialGradient></defs>` +
    `<rect width="400" height="400" rx="36" fill="url(#bg${id})"/><ellipse cx="200" cy="345" rx="130" ry="16" fill="#000" opacity="0.08"/>` +
    subject(art, id) +
    '</svg>\n'
  );
}

/** A wide offer banner: headline, sub-line and badge on a gradient, with a picture at the side. */
export function bannerSvg(options: { title: string; subtitle: string; badge: string; from: string; to: string; art: Art; id: string }): string {
  const { title, subtitle, badge, from, to, art, id } = options;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 400" width="800" height="400">` +
    `<defs><linearGradient id="o${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="800" height="400" rx="28" fill="url(#o${id})"/>` +
    `<circle cx="640" cy="200" r="170" fill="#fff" opacity="0.16"/>` +
    `<g transform="translate(440 0)">${subject(art, id)}</g>` +
    `<rect x="48" y="54" width="${badge.length * 17 + 40}" height="50" rx="25" fill="#ffeb3b"/>` +
    `<text x="68" y="88" font-family="Verdana, sans-serif" font-size="26" font-weight="700" fill="#263238">${esc(badge)}</text>` +
    `<text x="48" y="190" font-family="Georgia, serif" font-size="50" font-weight="700" fill="#fff">${esc(title)}</text>` +
    wrap(subtitle, 30)
      .slice(0, 2)
      .map((line, i) => `<text x="48" y="${250 + i * 34}" font-family="Verdana, sans-serif" font-size="24" fill="#fff" opacity="0.92">${esc(line)}</text>`)
      .join('') +
    '</svg>\n'
  );
}

/** The shop logo: a fish leaping over a wave. */
export function logoSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">` +
    `<circle cx="100" cy="100" r="96" fill="#1565C0"/>` +
    `<path d="M40,120 Q70,70 120,80 Q150,86 160,70 Q158,96 140,102 Q150,118 162,130 Q136,126 122,114 Q80,130 40,120 Z" fill="#fff"/>` +
    `<circle cx="128" cy="94" r="5" fill="#1565C0"/>` +
    `<path d="M24,150 Q52,132 80,150 T136,150 T180,146" stroke="#90CAF9" stroke-width="8" fill="none" stroke-linecap="round"/>` +
    '</svg>\n'
  );
}
