import { BusinessSummarySection } from './components/business-summary-section';
import { HeroSection } from './components/hero-section';
import { HomeToolsSection } from './components/home-tools-section';
import { NewsSection } from './components/news-section';
import { RecentProjectsSection } from './components/recent-projects-section';
import { ReviewsSection } from './components/reviews-section';

/** Section order is fixed by the spec (section 2, "Home page sections"). */
export default function HomePage() {
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
