import type { BreadcrumbList, Product, WithContext } from 'schema-dts';
import { canBeBought } from '../../shared/buying';
import { COMPANY } from '../../shared/constants';
import { STORE_NAME, toolHead } from '../../shared/page-heads';
import { APP_ROUTES, fillRoute } from '../../shared/routes';
import { largeImageUrl } from '../../shared/images';
import type { ToolDetail } from '../../shared/schemas/catalogue';
import { centsToDollars } from '../../shared/text';
import { headTags } from './head-tags';

/** An address of the store, absolute on PUBLIC_URL; an image elsewhere (an https link) as it is. */
export const absoluteUrl = (publicUrl: string, address: string) => new URL(address, `${publicUrl}/`).href;

/** The address of a tool's page, absolute: its canonical link, Open Graph url and the offer's url. */
export const toolPageUrl = (publicUrl: string, slug: string) => absoluteUrl(publicUrl, fillRoute(APP_ROUTES.toolPage, slug));

/** A price as schema.org and Open Graph want it: a decimal number with two places, "39.99". */
const priceText = (price: number) => centsToDollars(Math.round(price * 100)).toFixed(2);

/**
 * A tool page's head: its title and description, the canonical address, Open Graph and Twitter
 * card tags with the main photo (a link pasted into a chat shows the tool), and JSON-LD: a
 * schema.org Product with its Offer (price in USD, in stock or not by the same rule as the page's
 * stock line) and the page's breadcrumb.
 */
export function toolPageHead(publicUrl: string, tool: ToolDetail): string {
  const head = toolHead(tool);
  const url = toolPageUrl(publicUrl, tool.slug);
  const images = tool.photos.map((photo) => absoluteUrl(publicUrl, largeImageUrl(photo)));
  const mainImage = images[0] ?? absoluteUrl(publicUrl, largeImageUrl(tool.image));
  const category = tool.categoryPath.map((c) => c.name).join(' > ');
  const inStock = canBeBought(tool);

  const product: WithContext<Product> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: tool.name,
    sku: tool.sku,
    image: images,
    description: tool.description,
    brand: { '@type': 'Brand', name: COMPANY.name },
    ...(category && { category }),
    offers: {
      '@type': 'Offer',
      price: priceText(tool.price),
      priceCurrency: 'USD',
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url,
      // The least a buyer orders: the tool's minimum order.
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: tool.minQty },
    },
    ...(tool.specs.length > 0 && {
      additionalProperty: tool.specs.map((spec) => ({
        '@type': 'PropertyValue' as const,
        name: spec.name,
        value: spec.value,
        ...(spec.unit && { unitText: spec.unit }),
      })),
    }),
  };
  const crumbs = [
    { name: 'Home', url: absoluteUrl(publicUrl, APP_ROUTES.home) },
    { name: 'Our Tools', url: absoluteUrl(publicUrl, APP_ROUTES.ourTools) },
    ...tool.categoryPath.map((c) => ({ name: c.name, url: absoluteUrl(publicUrl, `${APP_ROUTES.ourTools}?category=${encodeURIComponent(c.slug)}`) })),
    { name: tool.name, url },
  ];
  const breadcrumb: WithContext<BreadcrumbList> = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: crumb.url })),
  };

  return headTags(head, {
    canonical: url,
    openGraph: {
      'og:type': 'product',
      'og:site_name': STORE_NAME,
      'og:title': tool.name,
      'og:description': head.description,
      'og:url': url,
      'og:image': mainImage,
      'og:image:alt': tool.name,
      'product:price:amount': priceText(tool.price),
      'product:price:currency': 'USD',
    },
    twitter: {
      'twitter:card': 'summary_large_image',
      'twitter:title': tool.name,
      'twitter:description': head.description,
      'twitter:image': mainImage,
    },
    jsonLd: [product, breadcrumb],
  });
}
