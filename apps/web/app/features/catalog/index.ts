// Public surface of the catalogue feature: routes import from here.
export { AddToCartButton, cheapestPlan } from './add-to-cart-button';
export { AiDisclosure } from './ai-disclosure';
export { Breadcrumbs, type Crumb } from './breadcrumbs';
export {
  BROWSE_PARAMS,
  type BrowseState,
  browseHref,
  countFilters,
  parseBrowseState,
  SORT_OPTIONS,
  toProductsInput,
} from './browse-params';
export { BrowseView } from './browse-view';
export { categoryIcon } from './category-icon';
export { CategoryFilter, CategoryTiles, categoryPath } from './category-tiles';
export { ChipList } from './chip-list';
export { CommunityPlaceholder } from './community-placeholder';
export { formatCountdown, formatEndTime, getTimeLeft } from './countdown';
export { DealCountdown } from './deal-countdown';
export { DealFacts } from './deal-facts';
export { ENDING_SOON_MS, formatDealDate, getDealBadge } from './deal-status';
export { DealStatusBadge } from './deal-status-badge';
export { EmptyState } from './empty-state';
export { EndingSoonList } from './ending-soon-list';
export { FavoriteButton } from './favorite-button';
export { HeroDealStack } from './hero-deal-stack';
export { getProductsRanked } from './load-products';
export { Pagination } from './pagination';
export { LOW_STOCK_THRESHOLD, PlanCard, planKindLabel } from './plan-card';
export { PlanComparison } from './plan-comparison';
export { DiscountBadge, PriceTag } from './price-tag';
export { ProductCard, productPath } from './product-card';
export { ProductGallery } from './product-gallery';
export { ProductGrid } from './product-grid';
export { ProductLogo } from './product-logo';
export { PRODUCT_SECTIONS, ProductSectionNav } from './product-section-nav';
export { ProseHtml, proseClasses } from './prose';
export { RatingStars } from './rating-stars';
export { RefundGuarantee, refundWindowTitle } from './refund-guarantee';
export { SectionHeader } from './section-header';
export { SellerCard } from './seller-card';
export { TrendingList } from './trending-list';
export { UpvoteButton } from './upvote-button';
export { UpvoteCount } from './upvote-count';
