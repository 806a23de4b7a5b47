/**
 * What each page says about itself in the document's head: its title and description, and
 * whether search engines should index it. The server writes them into a page's first HTML (what a
 * crawler or a link preview reads without running a script); the web app sets the same when it
 * moves to a page (web/lib/document-head.ts). One source, so both say the same thing.
 */

export const STORE_NAME = 'ToolHouse';

export interface PageHead {
  title: string;
  description: string;
  /** False for pages of one person's own (dashboard, sign-in, cart): `noindex`. */
  indexable: boolean;
}

const titled = (name: string) => `${name} | ${STORE_NAME}`;

// One constant per page, so the web app's first visit carries only the heads of the pages in it.
export const HOME_HEAD: PageHead = {
  title: `${STORE_NAME} | Computer and industrial tools`,
  description: 'ToolHouse sells quality computer and industrial tools at a reasonable price, with free delivery.',
  indexable: true,
};
export const OUR_TOOLS_HEAD: PageHead = {
  title: titled('Our Tools'),
  description: 'Every ToolHouse tool: electronics, power, measuring and workshop tools, with specifications, datasheets and free delivery.',
  indexable: true,
};
export const CONTACT_US_HEAD: PageHead = { title: titled('Contact Us'), description: 'Ask ToolHouse about a tool, an order or a quote for your workshop.', indexable: true };
export const ABOUT_US_HEAD: PageHead = {
  title: titled('About Us'),
  description: 'ToolHouse Manufacturing has made computer and industrial tools since 2005. Shipping is free.',
  indexable: true,
};
export const TERMS_HEAD: PageHead = {
  title: titled('Terms and Conditions'),
  description: 'The terms and conditions under which ToolHouse sells its tools: orders, prices, payment, delivery and warranty.',
  indexable: true,
};
export const PRIVACY_HEAD: PageHead = {
  title: titled('Privacy Policy'),
  description: 'What personal data ToolHouse keeps about its customers and visitors, why, for how long, and your rights.',
  indexable: true,
};
export const RETURNS_HEAD: PageHead = {
  title: titled('Returns and Refunds'),
  description: 'How to return a ToolHouse tool, how refunds are paid, and what the warranty covers.',
  indexable: true,
};
export const IMPRINT_HEAD: PageHead = {
  title: titled('Legal Notice'),
  description: 'Who runs the ToolHouse store: the company, its address, its register and how to reach it.',
  indexable: true,
};
export const CART_HEAD: PageHead = { title: titled('Cart'), description: 'Your cart at ToolHouse.', indexable: false };
export const LOGIN_HEAD: PageHead = { title: titled('Sign in'), description: 'Sign in to ToolHouse.', indexable: false };
export const REGISTRATION_HEAD: PageHead = { title: titled('Sign up'), description: 'Make a ToolHouse account.', indexable: false };
/** Every other page of one person's own: the dashboard, password and email links, purchase. */
export const PRIVATE_HEAD: PageHead = { title: titled('Your account'), description: 'Your ToolHouse account.', indexable: false };
export const NOT_FOUND_HEAD: PageHead = { title: titled('Page not found'), description: 'This page does not exist at ToolHouse.', indexable: false };

/** Every page's head by name (the server's table; the web app imports each constant alone). */
export const PAGE_HEADS = {
  home: HOME_HEAD,
  ourTools: OUR_TOOLS_HEAD,
  contactUs: CONTACT_US_HEAD,
  aboutUs: ABOUT_US_HEAD,
  terms: TERMS_HEAD,
  privacy: PRIVACY_HEAD,
  returns: RETURNS_HEAD,
  imprint: IMPRINT_HEAD,
  cart: CART_HEAD,
  login: LOGIN_HEAD,
  registration: REGISTRATION_HEAD,
  private: PRIVATE_HEAD,
  notFound: NOT_FOUND_HEAD,
} as const;

/** A category's view of Our Tools (`/ourTools?category=`). */
export function categoryHead(name: string, toolCount: number): PageHead {
  const tools = toolCount === 1 ? '1 tool' : `${toolCount.toLocaleString('en-US')} tools`;
  return {
    title: titled(name),
    description: `${name} from ToolHouse: ${tools} with specifications, datasheets and free delivery.`,
    indexable: true,
  };
}

/** A meta description is read in about this many characters (search results cut the rest). */
const DESCRIPTION_LENGTH = 160;

/** A tool's page: its name, and its description cut to what a search result shows. */
export function toolHead(tool: { name: string; description: string; sku: string }): PageHead {
  const text = `${tool.description.replace(/\s+/g, ' ').trim()} SKU ${tool.sku}.`;
  const description = text.length <= DESCRIPTION_LENGTH ? text : `${text.slice(0, DESCRIPTION_LENGTH - 1).replace(/\s+\S*$/, '')}…`;
  return { title: titled(tool.name), description, indexable: true };
}
