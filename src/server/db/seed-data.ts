// Starter catalogue and customer reviews. These rows are inserted only when the
// database is empty, so a fresh install has a believable store to browse.
// Images are served from the web app's public folder (src/web/public).

export interface SeedTool {
  name: string;
  priceCents: number;
  image: string;
  description: string;
  minQty: number;
  availableQty: number;
}

export interface SeedReview {
  userName: string;
  rating: 1 | 2 | 3 | 4 | 5;
  reviewText: string;
}

export const SEED_TOOLS: readonly SeedTool[] = [
  {
    name: 'Precision Electronics Screwdriver Kit',
    priceCents: 2499,
    image: '/images/tools/precision-screwdriver-kit.svg',
    description:
      'A 64-piece set of S2 steel precision bits (Phillips, Torx, Pentalobe, hex, tri-wing) with an aluminium driver, flexible extension and spudgers for opening laptops, phones and control boards.',
    minQty: 10,
    availableQty: 1800,
  },
  {
    name: 'Digital Soldering Station',
    priceCents: 8999,
    image: '/images/tools/soldering-station.svg',
    description:
      'A 90 W temperature-controlled soldering station adjustable from 200 to 480 °C, with a digital readout, ESD-safe grounded tip, brass tip cleaner and iron stand. Suited to through-hole and SMD rework.',
    minQty: 4,
    availableQty: 420,
  },
  {
    name: 'True RMS Digital Multimeter',
    priceCents: 3999,
    image: '/images/tools/digital-multimeter.svg',
    description:
      'An auto-ranging CAT III 600 V multimeter with true RMS, a 6000-count backlit display and modes for AC/DC voltage and current, resistance, capacitance, frequency, continuity and diode testing.',
    minQty: 6,
    availableQty: 950,
  },
  {
    name: 'Anti-Static ESD Wrist Strap Kit',
    priceCents: 1299,
    image: '/images/tools/esd-wrist-strap-kit.svg',
    description:
      'An adjustable wrist strap with a 1 MΩ safety resistor, 1.8 m coiled cord and a 600 x 500 mm grounding mat. Protects sensitive components from static discharge when building or repairing electronics.',
    minQty: 20,
    availableQty: 5000,
  },
  {
    name: 'Network Cable Crimper and Tester Kit',
    priceCents: 3499,
    image: '/images/tools/network-crimper-tester-kit.svg',
    description:
      'A ratcheting crimper for RJ45, RJ11 and RJ12 plugs with built-in stripper and cutter, plus a remote cable tester that checks wiring order, opens and shorts on Cat5e and Cat6 runs up to 180 m.',
    minQty: 5,
    availableQty: 760,
  },
  {
    name: 'Handheld Infrared Thermal Camera',
    priceCents: 34900,
    image: '/images/tools/thermal-camera.svg',
    description:
      'A handheld thermal imager with a 256 x 192 sensor, -20 to 550 °C range and 3.5 inch screen. Finds overheating breakers, motors, bearings and circuit boards, and saves images to a microSD card.',
    minQty: 1,
    availableQty: 85,
  },
  {
    name: 'PCB Workstation Magnifier Lamp',
    priceCents: 5499,
    image: '/images/tools/magnifier-lamp.svg',
    description:
      'A 5-diopter magnifying lamp with a 127 mm glass lens, 60 dimmable LEDs and a spring-balanced arm that clamps to the bench. Reduces eye strain during PCB inspection and fine soldering work.',
    minQty: 4,
    availableQty: 310,
  },
  {
    name: '2-Channel Digital Oscilloscope',
    priceCents: 44900,
    image: '/images/tools/digital-oscilloscope.svg',
    description:
      'A 2-channel 100 MHz digital oscilloscope with 1 GSa/s sampling, 7 inch colour display, automatic measurements and USB export. For debugging power supplies, sensors and embedded control boards.',
    minQty: 1,
    availableQty: 95,
  },
  {
    name: '18V Brushless Cordless Impact Driver',
    priceCents: 12900,
    image: '/images/tools/cordless-impact-driver.svg',
    description:
      'A brushless 18 V impact driver delivering 205 Nm of torque and up to 3,400 impacts per minute, with a 1/4 inch hex quick-release chuck, LED work light, two 4.0 Ah batteries and a fast charger.',
    minQty: 2,
    availableQty: 640,
  },
  {
    name: '125 mm Angle Grinder',
    priceCents: 7900,
    image: '/images/tools/angle-grinder.svg',
    description:
      'A 1,200 W angle grinder for 125 mm discs with 11,000 rpm no-load speed, side handle, tool-free guard adjustment and soft start. Cuts and grinds steel, stone and tile in fabrication and site work.',
    minQty: 3,
    availableQty: 520,
  },
  {
    name: '1/2 inch Drive Click Torque Wrench',
    priceCents: 6499,
    image: '/images/tools/torque-wrench.svg',
    description:
      'A 1/2 inch drive click torque wrench set from 28 to 210 Nm with ±4% accuracy, dual Nm and ft-lb scales, a reversible 72-tooth ratchet head and a calibration certificate in a moulded case.',
    minQty: 2,
    availableQty: 280,
  },
  {
    name: '150 mm Digital Caliper',
    priceCents: 2899,
    image: '/images/tools/digital-caliper.svg',
    description:
      'A 150 mm stainless steel caliper with 0.01 mm resolution, large LCD, mm/inch switch and zero setting at any point. Measures inside, outside, depth and step dimensions in the workshop and QC lab.',
    minQty: 10,
    availableQty: 1500,
  },
  {
    name: '12-Speed Benchtop Drill Press',
    priceCents: 39900,
    image: '/images/tools/benchtop-drill-press.svg',
    description:
      'A 550 W benchtop drill press with 12 spindle speeds from 250 to 2,800 rpm, 16 mm keyed chuck, 80 mm quill travel and a tilting cast iron table. Drills accurate, repeatable holes in metal and wood.',
    minQty: 1,
    availableQty: 60,
  },
  {
    name: '12-Tonne Hydraulic Bottle Jack',
    priceCents: 4599,
    image: '/images/tools/hydraulic-bottle-jack.svg',
    description:
      'A 12-tonne hydraulic bottle jack with a lift range of 230 to 465 mm, screw extension, overload valve and welded steel base. Lifts machinery, vehicles and structures for maintenance and installation.',
    minQty: 4,
    availableQty: 350,
  },
  {
    name: '150 mm Heavy-Duty Bench Vise',
    priceCents: 8999,
    image: '/images/tools/bench-vise.svg',
    description:
      'A 150 mm cast iron bench vise with replaceable serrated steel jaws, 360° swivel base, built-in anvil and pipe jaws. Bolts to the workbench and holds parts securely for sawing, filing and drilling.',
    minQty: 2,
    availableQty: 210,
  },
  {
    name: '60 m Laser Distance Meter',
    priceCents: 5999,
    image: '/images/tools/laser-distance-meter.svg',
    description:
      'A laser distance meter that measures up to 60 m with ±2 mm accuracy. It calculates area, volume and indirect heights, stores the last 20 readings and has a backlit display and IP54 rated housing.',
    minQty: 3,
    availableQty: 430,
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
