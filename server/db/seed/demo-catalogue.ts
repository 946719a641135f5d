/** The demo catalogue seeded into an empty database: real-sounding tools whose images ship in web/public. */
export interface DemoProduct {
  name: string;
  /** One of the categories migration 028 seeds. */
  category: string;
  description: string; // 2-3 sentences, concrete: materials, sizes, what it is for
  priceCents: number; // unit price in US cents, realistic (e.g. 3450 = $34.50) for a quality maker
  minQuantity: number; // minimum order, small whole number (1-5 typical; a few bulk items like scrapers more)
  availQuantity: number; // stock, bigger than minQuantity (e.g. 20-400)
  img: string; // '/images/products/<slug>.webp'
  weightGrams: number; // one piece packed for posting, in grams
  /** A product sold in several ways: its options and each combination sold (others are not offered). */
  options?: Array<{ name: string; values: string[] }>;
  variants?: Array<{ sku: string; options: Record<string, string>; priceCents: number; availQuantity: number; weightGrams: number; img?: string }>;
  /** Extra pictures after `img`. */
  pictures?: string[];
}
export interface DemoReview {
  name: string;
  email: string; // e.g. first.last@example.com style, example.com/example.org domains only
  review: string; // 1-3 sentences, sounds like a real customer of a hand-tool maker, varied
  ratings: number; // whole number 1..5, mostly 4-5, one 3
  /** The name of the demo product it is about, shown on that product's page. */
  product?: string;
}

export const demoProducts: DemoProduct[] = [
  {
    name: 'Joinery Bevel-Edge Chisel Set (4 pcs)',
    category: 'chisels',
    description:
      'Four bench chisels in 6, 12, 19 and 25 mm, forged from O1 tool steel and hardened to 61 HRC. The backs are lapped flat and the side bevels ground fine enough to clean out the corners of a dovetail. Turned ash handles with brass ferrules take a mallet as well as paring pressure.',
    priceCents: 18900,
    minQuantity: 1,
    availQuantity: 60,
    img: '/images/products/bevel-edge-chisel-set.webp',
    weightGrams: 1400,
  },
  {
    name: 'Joinery Mortise Chisel, 10 mm',
    category: 'chisels',
    description:
      'A heavy, square-section chisel for chopping deep mortises, with a 10 mm blade that stands 16 mm tall so it tracks straight and levers out waste without flexing. The oval ash handle is hooped with steel and seated on a leather washer to take hard mallet blows.',
    priceCents: 8900,
    minQuantity: 1,
    availQuantity: 45,
    img: '/images/products/mortise-chisel.webp',
    weightGrams: 520,
  },
  {
    name: 'Joinery No. 4 Smoothing Plane',
    category: 'planes',
    description:
      'Our everyday smoother: a 245 mm ductile-iron body with a sole ground flat to 0.04 mm and a 50 mm A2 blade bedded at 45 degrees. A solid frog, brass depth wheel and cherry knob and tote make it the plane for final surfaces before finish.',
    priceCents: 32500,
    minQuantity: 1,
    availQuantity: 25,
    img: '/images/products/smoothing-plane.webp',
    weightGrams: 2300,
  },
  {
    name: 'Joinery Low-Angle Block Plane',
    category: 'planes',
    description:
      'A 160 mm block plane with its 35 mm A2 blade bedded at 12 degrees, bevel up, for end grain, chamfers and fitting work. The adjustable mouth is set with the brass front knob and the stainless lever cap fits the palm for one-handed use.',
    priceCents: 17900,
    minQuantity: 1,
    availQuantity: 40,
    img: '/images/products/block-plane.webp',
    weightGrams: 900,
  },
  {
    name: 'Joinery Medium Shoulder Plane, 19 mm',
    category: 'planes',
    description:
      'A 200 mm shoulder plane whose 19 mm blade is ground exactly to the width of the body, so it cuts right into the corner of a rebate or tenon shoulder. The sides are machined square to the sole and the low 18-degree bed leaves clean end grain.',
    priceCents: 21500,
    minQuantity: 1,
    availQuantity: 20,
    img: '/images/products/shoulder-plane.webp',
    weightGrams: 1100,
  },
  {
    name: 'Joinery Dovetail Saw, 15 TPI',
    category: 'saws',
    description:
      'A 240 mm blade of 0.5 mm spring steel, filed rip at 15 teeth per inch with light set for a narrow, accurate kerf. The folded brass back adds weight for effortless starts, and the open walnut handle is shaped for a relaxed three-finger grip.',
    priceCents: 14900,
    minQuantity: 1,
    availQuantity: 35,
    img: '/images/products/dovetail-saw.webp',
    weightGrams: 450,
  },
  {
    name: 'Joinery Ryoba Pull Saw, 240 mm',
    category: 'saws',
    description:
      'A double-edged pull saw with a 0.6 mm plate: crosscut teeth at 17 TPI on one edge and rip teeth at 7 TPI on the other. Cutting on the pull keeps the thin blade straight, and the long rattan-wrapped handle gives a secure two-handed grip.',
    priceCents: 5400,
    minQuantity: 1,
    availQuantity: 120,
    img: '/images/products/ryoba-saw.webp',
    weightGrams: 300,
  },
  {
    name: 'Joinery Tenon Saw, 14" 11 TPI',
    category: 'saws',
    description:
      'A 355 mm saw with 90 mm of cutting depth under a blued steel back, filed rip at 11 TPI for tenon cheeks and large joinery. The closed beech handle is fixed with two brass split nuts and sits low behind the blade for a straight, controlled stroke.',
    priceCents: 17500,
    minQuantity: 1,
    availQuantity: 25,
    img: '/images/products/tenon-saw.webp',
    weightGrams: 750,
  },
  {
    name: "Joinery Beech Joiner's Mallet",
    category: 'mallets-and-hammers',
    description:
      'A traditional mallet with a 140 x 95 x 65 mm head of air-dried European beech, its striking faces angled so they land square on the chisel. The tapered handle passes through the head and tightens with every swing.',
    priceCents: 6400,
    minQuantity: 1,
    availQuantity: 80,
    img: '/images/products/joiners-mallet.webp',
    weightGrams: 850,
  },
  {
    name: 'Joinery Marking Gauge',
    category: 'marking-and-measuring',
    description:
      'A 230 mm beech stem running through a walnut fence faced with two brass wear strips, locked by a brass thumbscrew. The hardened steel pin scribes a fine, crisp line for mortises, tenons and rebates.',
    priceCents: 4800,
    minQuantity: 2,
    availQuantity: 90,
    img: '/images/products/marking-gauge.webp',
    weightGrams: 260,
  },
  {
    name: 'Joinery Combination Square, 300 mm',
    category: 'marking-and-measuring',
    description:
      'A 300 mm hardened stainless rule with etched millimetre graduations, sliding in a cast-iron head with machined 90 and 45 degree faces. The head carries a spirit vial and a stowed scriber, and is checked square to within 0.02 mm over the length of the rule.',
    priceCents: 8900,
    minQuantity: 1,
    availQuantity: 70,
    img: '/images/products/combination-square.webp',
    weightGrams: 520,
  },
  {
    name: 'Joinery Marking Knife',
    category: 'marking-and-measuring',
    description:
      'A single-bevel knife with a 1.5 mm O1 steel blade and a skewed point that reaches into the tightest dovetail sockets. The flat back registers against a square or the workpiece, and the walnut handle with brass ferrule is 190 mm long overall.',
    priceCents: 3900,
    minQuantity: 2,
    availQuantity: 150,
    img: '/images/products/marking-knife.webp',
    weightGrams: 160,
  },
  {
    name: 'Joinery Flat-Sole Spokeshave',
    category: 'spokeshaves-and-scrapers',
    description:
      'A ductile-iron spokeshave with a 54 mm A2 blade held by a lever cap and brass thumbscrew. The flat sole shapes chair spindles, chamfers and convex curves, and the walnut handles fit a relaxed two-handed grip.',
    priceCents: 9800,
    minQuantity: 1,
    availQuantity: 40,
    img: '/images/products/spokeshave.webp',
    weightGrams: 480,
  },
  {
    name: 'Joinery Card Scraper Set (3 pcs)',
    category: 'spokeshaves-and-scrapers',
    description:
      'Three 0.6 mm spring-steel scrapers: a 150 x 64 mm rectangle, a gooseneck and a convex/concave card. Edges come ground square and ready to burnish, for taking tear-out and plane marks off figured hardwood.',
    priceCents: 2400,
    minQuantity: 6,
    availQuantity: 400,
    img: '/images/products/card-scraper-set.webp',
    weightGrams: 220,
  },
  {
    name: 'Joinery Bench Chisel',
    category: 'chisels',
    description:
      'A single bevel-edge bench chisel in four widths, forged from O1 tool steel and hardened to 61 HRC, with a lapped back and fine side bevels. Choose the handle: turned ash, light and springy, or oiled black walnut.',
    priceCents: 4200,
    minQuantity: 1,
    availQuantity: 0,
    img: '/images/products/bench-chisel.webp',
    weightGrams: 260,
    pictures: ['/images/products/bench-chisel-walnut.webp'],
    options: [
      { name: 'Width', values: ['6 mm', '10 mm', '12 mm', '20 mm'] },
      { name: 'Handle', values: ['Ash', 'Walnut'] },
    ],
    variants: [
      { sku: 'JNR-BC-06-ASH', options: { Width: '6 mm', Handle: 'Ash' }, priceCents: 4200, availQuantity: 0, weightGrams: 230 },
      {
        sku: 'JNR-BC-06-WAL',
        options: { Width: '6 mm', Handle: 'Walnut' },
        priceCents: 4800,
        availQuantity: 14,
        weightGrams: 240,
        img: '/images/products/bench-chisel-walnut.webp',
      },
      { sku: 'JNR-BC-10-ASH', options: { Width: '10 mm', Handle: 'Ash' }, priceCents: 4400, availQuantity: 25, weightGrams: 250 },
      {
        sku: 'JNR-BC-10-WAL',
        options: { Width: '10 mm', Handle: 'Walnut' },
        priceCents: 5000,
        availQuantity: 18,
        weightGrams: 260,
        img: '/images/products/bench-chisel-walnut.webp',
      },
      { sku: 'JNR-BC-12-ASH', options: { Width: '12 mm', Handle: 'Ash' }, priceCents: 4600, availQuantity: 30, weightGrams: 260 },
      {
        sku: 'JNR-BC-12-WAL',
        options: { Width: '12 mm', Handle: 'Walnut' },
        priceCents: 5200,
        availQuantity: 12,
        weightGrams: 270,
        img: '/images/products/bench-chisel-walnut.webp',
      },
      { sku: 'JNR-BC-20-ASH', options: { Width: '20 mm', Handle: 'Ash' }, priceCents: 5400, availQuantity: 9, weightGrams: 300 },
    ],
  },
];

export const demoReviews: DemoReview[] = [
  {
    name: 'Margaret Ellison',
    email: 'margaret.ellison@example.com',
    review: 'The No. 4 took a see-through shaving off cherry straight out of the box. After thirty years of fettling old planes, this was a pleasure.',
    ratings: 5,
    product: 'Joinery No. 4 Smoothing Plane',
  },
  {
    name: 'Tomasz Nowak',
    email: 'tomasz.nowak@example.org',
    review: "The dovetail saw starts cleanly with almost no pressure and follows the line. The handle is a little small for my hands, but I'd buy it again.",
    ratings: 4,
    product: 'Joinery Dovetail Saw, 15 TPI',
  },
  {
    name: 'Priya Raman',
    email: 'priya.raman@example.com',
    review: 'Bought the chisel set for my first real workbench. The backs needed only a few minutes on the stones, and they held an edge through a whole day of chopping oak.',
    ratings: 5,
    product: 'Joinery Bevel-Edge Chisel Set (4 pcs)',
  },
  {
    name: 'Daniel Okafor',
    email: 'daniel.okafor@example.com',
    review: 'Solid marking gauge that locks firmly, and the pin is sharp. It took nine days to arrive though, longer than the quoted delivery time.',
    ratings: 3,
    product: 'Joinery Marking Gauge',
  },
  {
    name: 'Helen Brandt',
    email: 'helen.brandt@example.org',
    review: 'My first Joinery mallet is twenty years old and this one is just as well made. Good weight, and the faces are dead square.',
    ratings: 5,
    product: "Joinery Beech Joiner's Mallet",
  },
  {
    name: 'Luis Ortega',
    email: 'luis.ortega@example.com',
    review: 'The block plane lives in my apron now. The mouth adjusts smoothly and the lever cap sits comfortably in my palm.',
    ratings: 5,
    product: 'Joinery Low-Angle Block Plane',
  },
  {
    name: 'Sarah Whitcombe',
    email: 'sarah.whitcombe@example.com',
    review: 'The scrapers arrived with clean, square edges, so all I had to do was turn a hook. Great value for three.',
    ratings: 4,
    product: 'Joinery Card Scraper Set (3 pcs)',
  },
  {
    name: 'Kenji Mori',
    email: 'kenji.mori@example.org',
    review: 'The ryoba cuts quickly on both edges and the rattan wrap gives a good grip. The rip side is aggressive in pine, which suits me.',
    ratings: 4,
    product: 'Joinery Ryoba Pull Saw, 240 mm',
  },
];
