// Starter catalogue and customer reviews. These rows are inserted only when the
// database is empty, so a fresh install has a believable store to browse.
// Images are served from the web app's public folder (src/web/public).

export interface SeedCategory {
  slug: string;
  name: string;
  /** The slug of its top-level category; absent for a top-level one. */
  parent?: string;
}

export interface SeedTool {
  name: string;
  /** The address, as the store would make it from the name (catalogue/slugs.ts). */
  slug: string;
  sku: string;
  /** Its category's slug. */
  category: string;
  priceCents: number;
  image: string;
  description: string;
  minQty: number;
  availableQty: number;
  specs: readonly { name: string; value: string; unit?: string }[];
  /** More photos after the main one (`image`), for the tool page's gallery. */
  morePhotos?: readonly string[];
}

/** Two levels, in the order shown: each top-level category, then its subcategories. */
export const SEED_CATEGORIES: readonly SeedCategory[] = [
  { slug: 'electronics-tools', name: 'Electronics tools' },
  { slug: 'soldering', name: 'Soldering', parent: 'electronics-tools' },
  { slug: 'test-and-measurement', name: 'Test and measurement', parent: 'electronics-tools' },
  { slug: 'electronics-hand-tools', name: 'Hand tools for electronics', parent: 'electronics-tools' },
  { slug: 'power-tools', name: 'Power tools' },
  { slug: 'measuring-tools', name: 'Measuring tools' },
  { slug: 'workshop-equipment', name: 'Workshop equipment' },
];

/** The seed's datasheet: a PDF the store draws itself at seeding (db/seed-datasheet.ts), for this tool. */
export const SEED_DATASHEET_TOOL = 'true-rms-digital-multimeter';

export interface SeedReview {
  userName: string;
  rating: 1 | 2 | 3 | 4 | 5;
  reviewText: string;
}

export const SEED_TOOLS: readonly SeedTool[] = [
  {
    name: 'Precision Electronics Screwdriver Kit',
    slug: 'precision-electronics-screwdriver-kit',
    sku: 'EHT-SDK-064',
    category: 'electronics-hand-tools',
    priceCents: 2499,
    image: '/images/tools/precision-screwdriver-kit.svg',
    description:
      'A 64-piece set of S2 steel precision bits (Phillips, Torx, Pentalobe, hex, tri-wing) with an aluminium driver, flexible extension and spudgers for opening laptops, phones and control boards.',
    minQty: 10,
    availableQty: 1800,
    specs: [{ name: 'Bits', value: '64' }, { name: 'Bit steel', value: 'S2' }, { name: 'Driver body', value: 'Aluminium' }, { name: 'Case size', value: '180 x 110 x 40', unit: 'mm' }],
  },
  {
    name: 'Digital Soldering Station',
    slug: 'digital-soldering-station',
    sku: 'SOL-DSS-090',
    category: 'soldering',
    priceCents: 8999,
    image: '/images/tools/soldering-station.svg',
    description:
      'A 90 W temperature-controlled soldering station adjustable from 200 to 480 °C, with a digital readout, ESD-safe grounded tip, brass tip cleaner and iron stand. Suited to through-hole and SMD rework.',
    minQty: 4,
    availableQty: 420,
    specs: [{ name: 'Power', value: '90', unit: 'W' }, { name: 'Temperature range', value: '200–480', unit: '°C' }, { name: 'Heat-up time', value: '35', unit: 's' }, { name: 'Tip', value: 'ESD-safe, grounded' }],
  },
  {
    name: 'True RMS Digital Multimeter',
    slug: 'true-rms-digital-multimeter',
    sku: 'TM-DMM-6000',
    category: 'test-and-measurement',
    priceCents: 3999,
    image: '/images/tools/digital-multimeter.svg',
    morePhotos: ['/images/tools/digital-multimeter-leads.svg', '/images/tools/digital-multimeter-case.svg'],
    description:
      'An auto-ranging CAT III 600 V multimeter with true RMS, a 6000-count backlit display and modes for AC/DC voltage and current, resistance, capacitance, frequency, continuity and diode testing.',
    minQty: 6,
    availableQty: 950,
    specs: [{ name: 'Display', value: '6000', unit: 'counts' }, { name: 'DC voltage', value: '600', unit: 'V' }, { name: 'AC current', value: '10', unit: 'A' }, { name: 'Safety rating', value: 'CAT III 600 V' }, { name: 'Weight', value: '380', unit: 'g' }],
  },
  {
    name: 'Anti-Static ESD Wrist Strap Kit',
    slug: 'anti-static-esd-wrist-strap-kit',
    sku: 'EHT-ESD-018',
    category: 'electronics-hand-tools',
    priceCents: 1299,
    image: '/images/tools/esd-wrist-strap-kit.svg',
    description:
      'An adjustable wrist strap with a 1 MΩ safety resistor, 1.8 m coiled cord and a 600 x 500 mm grounding mat. Protects sensitive components from static discharge when building or repairing electronics.',
    minQty: 20,
    availableQty: 5000,
    specs: [{ name: 'Safety resistor', value: '1', unit: 'MΩ' }, { name: 'Cord length', value: '1.8', unit: 'm' }, { name: 'Mat size', value: '600 x 500', unit: 'mm' }],
  },
  {
    name: 'Network Cable Crimper and Tester Kit',
    slug: 'network-cable-crimper-and-tester-kit',
    sku: 'EHT-NCK-045',
    category: 'electronics-hand-tools',
    priceCents: 3499,
    image: '/images/tools/network-crimper-tester-kit.svg',
    description:
      'A ratcheting crimper for RJ45, RJ11 and RJ12 plugs with built-in stripper and cutter, plus a remote cable tester that checks wiring order, opens and shorts on Cat5e and Cat6 runs up to 180 m.',
    minQty: 5,
    availableQty: 760,
    specs: [{ name: 'Plugs', value: 'RJ45, RJ11, RJ12' }, { name: 'Cable', value: 'Cat5e, Cat6' }, { name: 'Test range', value: '180', unit: 'm' }],
  },
  {
    name: 'Handheld Infrared Thermal Camera',
    slug: 'handheld-infrared-thermal-camera',
    sku: 'TM-TIC-256',
    category: 'test-and-measurement',
    priceCents: 34900,
    image: '/images/tools/thermal-camera.svg',
    description:
      'A handheld thermal imager with a 256 x 192 sensor, -20 to 550 °C range and 3.5 inch screen. Finds overheating breakers, motors, bearings and circuit boards, and saves images to a microSD card.',
    minQty: 1,
    availableQty: 85,
    specs: [{ name: 'Sensor', value: '256 x 192', unit: 'px' }, { name: 'Range', value: '-20 to 550', unit: '°C' }, { name: 'Screen', value: '3.5', unit: 'in' }, { name: 'Storage', value: 'microSD' }],
  },
  {
    name: 'PCB Workstation Magnifier Lamp',
    slug: 'pcb-workstation-magnifier-lamp',
    sku: 'SOL-MGL-127',
    category: 'soldering',
    priceCents: 5499,
    image: '/images/tools/magnifier-lamp.svg',
    description:
      'A 5-diopter magnifying lamp with a 127 mm glass lens, 60 dimmable LEDs and a spring-balanced arm that clamps to the bench. Reduces eye strain during PCB inspection and fine soldering work.',
    minQty: 4,
    availableQty: 310,
    specs: [{ name: 'Magnification', value: '5', unit: 'diopters' }, { name: 'Lens', value: '127', unit: 'mm' }, { name: 'LEDs', value: '60' }],
  },
  {
    name: '2-Channel Digital Oscilloscope',
    slug: '2-channel-digital-oscilloscope',
    sku: 'TM-OSC-1002',
    category: 'test-and-measurement',
    priceCents: 44900,
    image: '/images/tools/digital-oscilloscope.svg',
    description:
      'A 2-channel 100 MHz digital oscilloscope with 1 GSa/s sampling, 7 inch colour display, automatic measurements and USB export. For debugging power supplies, sensors and embedded control boards.',
    minQty: 1,
    availableQty: 95,
    specs: [{ name: 'Bandwidth', value: '100', unit: 'MHz' }, { name: 'Channels', value: '2' }, { name: 'Sampling rate', value: '1', unit: 'GSa/s' }, { name: 'Display', value: '7', unit: 'in' }],
  },
  {
    name: '18V Brushless Cordless Impact Driver',
    slug: '18v-brushless-cordless-impact-driver',
    sku: 'PT-CID-18205',
    category: 'power-tools',
    priceCents: 12900,
    image: '/images/tools/cordless-impact-driver.svg',
    description:
      'A brushless 18 V impact driver delivering 205 Nm of torque and up to 3,400 impacts per minute, with a 1/4 inch hex quick-release chuck, LED work light, two 4.0 Ah batteries and a fast charger.',
    minQty: 2,
    availableQty: 640,
    specs: [{ name: 'Voltage', value: '18', unit: 'V' }, { name: 'Torque', value: '205', unit: 'Nm' }, { name: 'Impact rate', value: '3,400', unit: 'ipm' }, { name: 'Chuck', value: '1/4', unit: 'in hex' }, { name: 'Batteries', value: '2 x 4.0', unit: 'Ah' }],
  },
  {
    name: '125 mm Angle Grinder',
    slug: '125-mm-angle-grinder',
    sku: 'PT-AG-125',
    category: 'power-tools',
    priceCents: 7900,
    image: '/images/tools/angle-grinder.svg',
    description:
      'A 1,200 W angle grinder for 125 mm discs with 11,000 rpm no-load speed, side handle, tool-free guard adjustment and soft start. Cuts and grinds steel, stone and tile in fabrication and site work.',
    minQty: 3,
    availableQty: 520,
    specs: [{ name: 'Power', value: '1,200', unit: 'W' }, { name: 'Disc diameter', value: '125', unit: 'mm' }, { name: 'No-load speed', value: '11,000', unit: 'rpm' }],
  },
  {
    name: '1/2 inch Drive Click Torque Wrench',
    slug: '1-2-inch-drive-click-torque-wrench',
    sku: 'WE-TW-12210',
    category: 'workshop-equipment',
    priceCents: 6499,
    image: '/images/tools/torque-wrench.svg',
    description:
      'A 1/2 inch drive click torque wrench set from 28 to 210 Nm with ±4% accuracy, dual Nm and ft-lb scales, a reversible 72-tooth ratchet head and a calibration certificate in a moulded case.',
    minQty: 2,
    availableQty: 280,
    specs: [{ name: 'Drive', value: '1/2', unit: 'in' }, { name: 'Range', value: '28–210', unit: 'Nm' }, { name: 'Accuracy', value: '±4', unit: '%' }],
  },
  {
    name: '150 mm Digital Caliper',
    slug: '150-mm-digital-caliper',
    sku: 'MT-DC-150',
    category: 'measuring-tools',
    priceCents: 2899,
    image: '/images/tools/digital-caliper.svg',
    description:
      'A 150 mm stainless steel caliper with 0.01 mm resolution, large LCD, mm/inch switch and zero setting at any point. Measures inside, outside, depth and step dimensions in the workshop and QC lab.',
    minQty: 10,
    availableQty: 1500,
    specs: [{ name: 'Range', value: '150', unit: 'mm' }, { name: 'Resolution', value: '0.01', unit: 'mm' }, { name: 'Material', value: 'Stainless steel' }],
  },
  {
    name: '12-Speed Benchtop Drill Press',
    slug: '12-speed-benchtop-drill-press',
    sku: 'PT-DP-550',
    category: 'power-tools',
    priceCents: 39900,
    image: '/images/tools/benchtop-drill-press.svg',
    description:
      'A 550 W benchtop drill press with 12 spindle speeds from 250 to 2,800 rpm, 16 mm keyed chuck, 80 mm quill travel and a tilting cast iron table. Drills accurate, repeatable holes in metal and wood.',
    minQty: 1,
    availableQty: 60,
    specs: [{ name: 'Power', value: '550', unit: 'W' }, { name: 'Speeds', value: '12' }, { name: 'Spindle speed', value: '250–2,800', unit: 'rpm' }, { name: 'Chuck', value: '16', unit: 'mm' }],
  },
  {
    name: '12-Tonne Hydraulic Bottle Jack',
    slug: '12-tonne-hydraulic-bottle-jack',
    sku: 'WE-BJ-12T',
    category: 'workshop-equipment',
    priceCents: 4599,
    image: '/images/tools/hydraulic-bottle-jack.svg',
    description:
      'A 12-tonne hydraulic bottle jack with a lift range of 230 to 465 mm, screw extension, overload valve and welded steel base. Lifts machinery, vehicles and structures for maintenance and installation.',
    minQty: 4,
    availableQty: 350,
    specs: [{ name: 'Capacity', value: '12', unit: 't' }, { name: 'Lift range', value: '230–465', unit: 'mm' }],
  },
  {
    name: '150 mm Heavy-Duty Bench Vise',
    slug: '150-mm-heavy-duty-bench-vise',
    sku: 'WE-BV-150',
    category: 'workshop-equipment',
    priceCents: 8999,
    image: '/images/tools/bench-vise.svg',
    description:
      'A 150 mm cast iron bench vise with replaceable serrated steel jaws, 360° swivel base, built-in anvil and pipe jaws. Bolts to the workbench and holds parts securely for sawing, filing and drilling.',
    minQty: 2,
    availableQty: 210,
    specs: [{ name: 'Jaw width', value: '150', unit: 'mm' }, { name: 'Body', value: 'Cast iron' }, { name: 'Swivel', value: '360', unit: '°' }],
  },
  {
    name: '60 m Laser Distance Meter',
    slug: '60-m-laser-distance-meter',
    sku: 'MT-LDM-60',
    category: 'measuring-tools',
    priceCents: 5999,
    image: '/images/tools/laser-distance-meter.svg',
    description:
      'A laser distance meter that measures up to 60 m with ±2 mm accuracy. It calculates area, volume and indirect heights, stores the last 20 readings and has a backlit display and IP54 rated housing.',
    minQty: 3,
    availableQty: 430,
    specs: [{ name: 'Range', value: '60', unit: 'm' }, { name: 'Accuracy', value: '±2', unit: 'mm' }, { name: 'Protection', value: 'IP54' }],
  },
];

export const SEED_REVIEWS: readonly SeedReview[] = [
  {
    userName: 'Priya Raman',
    rating: 5,
    reviewText:
      'We fitted out our repair bench with the soldering stations and ESD kits. Temperatures hold steady, the tips last, and the order arrived in three days with free shipping.',
  },
  {
    userName: 'Marcus Delaney',
    rating: 5,
    reviewText:
      'The impact drivers have lasted a full year on our assembly line. Batteries charge quickly and the torque is consistent from one tool to the next.',
  },
  {
    userName: 'Hannah Okafor',
    rating: 4,
    reviewText:
      'The digital calipers read true against our gauge blocks. A slightly bigger display would help, but for the price they are excellent for our QC station.',
  },
  {
    userName: 'Tomasz Nowak',
    rating: 3,
    reviewText:
      'The drill press is solid and runs true, but changing belts for different speeds is fiddly. Support answered quickly and sent a spare belt at no charge.',
  },
  {
    userName: 'Elena Vasquez',
    rating: 4,
    reviewText:
      'Ordered crimper kits for our data centre contractors. The tester caught two miswired runs on the first day. Clear instructions and well packed.',
  },
  {
    userName: 'James Whitfield',
    rating: 5,
    reviewText:
      'The thermal camera paid for itself by finding a hot breaker in our plant. Sharp image, simple menus, and the ToolHouse team helped us set up a bulk order.',
  },
];
