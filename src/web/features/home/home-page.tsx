import { BusinessSummarySection } from './components/business-summary-section';
import { HeroSection } from './components/hero-section';
import { HomeToolsSection } from './components/home-tools-section';
import { NewsSection } from './components/news-section';
import { RecentProjectsSection } from './components/recent-projects-section';
import { ReviewsSection } from './components/reviews-section';
import { HOME_HEAD } from '../../../shared/page-heads';
import { useDocumentHead } from '../../lib/document-head';

/** Section order is fixed by the spec (section 2, "Home page sections"). */
export default function HomePage() {
  useDocumentHead(HOME_HEAD);
  return (
    <>
      <HeroSection />
      <HomeToolsSection />
      <BusinessSummarySection />
      <RecentProjectsSection />
      <ReviewsSection />
      <NewsSection />
    </>
  );
}
