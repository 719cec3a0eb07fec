/** Landing texts below the fold: loaded with that part of the page. */
export const BELOW_FOLD_COPY: Record<string, string> = {
  'howItWorks.title': 'How it works',
  'howItWorks.subtitle': 'Three steps from creator to business owner.',
  'howItWorks.step1.title': 'Form Your LLC',
  'howItWorks.step1.body': 'Answer a few questions and we file your LLC in the state that fits your business, with a registered agent included.',
  'howItWorks.step2.title': 'Create Content',
  'howItWorks.step2.body': 'Keep posting, filming and streaming. Your content activity now runs through a real business.',
  'howItWorks.step3.title': 'Deduct Everything',
  'howItWorks.step3.body': 'Write off business expenses like equipment, travel, meals and styling to lower your taxable income.',

  'keyPoints.title': 'Why creators form an LLC with us',
  'keyPoints.point1': 'No existing followers or income needed: you can start today.',
  'keyPoints.point2': 'Any creative activity can become a business, from fitness videos to gaming streams.',
  'keyPoints.point3': 'Your business does not need to be profitable to deduct its expenses.',
  'keyPoints.point4': 'We file in the optimal state for your type of business.',
  'keyPoints.included': 'Professional LLC filing, a registered agent free for the first year, a tax savings calculator and a creator-focused setup.',

  'example.title': 'Example savings',
  'example.body': 'A creator earning {income} a year with {expenses} of business expenses pays tax on {taxable} instead, saving about {savings}.',

  'calculator.title': 'See what you could save',
  'calculator.subtitle': 'Common creator expenses that can become business deductions:',
  'calculator.category1': 'Clothing and fashion for your shoots',
  'calculator.category2': 'Meals and dining with collaborators',
  'calculator.category3': 'Travel and experiences you film',
  'calculator.category4': 'Equipment and tech: cameras, lights, software',

  'testimonials.title': 'Creators who made it official',
  'testimonials.subtitle': 'Sample stories from the kind of creators we form LLCs for.',
  'testimonials.quote1': 'I had no idea my camera gear and editing software could be deductions. Forming my LLC took one evening.',
  'testimonials.quote2': 'My travel content finally works for me at tax time. The wizard picked the right state for me.',
  'testimonials.quote3': 'I started with a few hundred followers. Setting up as a business early was the best decision I made.',

  'faq.title': 'Frequently asked questions',
  'faq.q1': 'Do I need followers or income to form an LLC?',
  'faq.a1': 'No. Any creator can form an LLC today, whatever the size of the audience or the income so far.',
  'faq.q2': 'How long does filing take?',
  'faq.a2': 'Standard filing takes 5-7 business days; expedited filing takes 1-2 business days. Each state page shows its own processing time.',
  'faq.q3': 'Is the savings figure tax advice?',
  'faq.a3': 'No. It is an estimate of 25% of your yearly business expenses. We give no tax, legal or accounting advice: please check with a professional.',

  'cta.title': 'Ready to make your content a business?',
  'cta.subtitle': 'It takes about ten minutes. We handle the paperwork.',
};

/** The sample creators shown as testimonials (static sample content, docs/product.md "Landing page"). */
export const TESTIMONIALS = [
  { name: 'Maya Chen', handle: '@mayacreates', followers: '124K followers', quoteKey: 'testimonials.quote1', initials: 'MC' },
  { name: 'Jordan Ellis', handle: '@jordanwanders', followers: '58K followers', quoteKey: 'testimonials.quote2', initials: 'JE' },
  { name: 'Priya Raman', handle: '@priyafitlife', followers: '9.8K followers', quoteKey: 'testimonials.quote3', initials: 'PR' },
] as const;

/** The Example Savings box inputs (docs/product.md section 9); the results are computed from them. */
export const EXAMPLE_SAVINGS = { annualIncome: 120_000, annualExpenses: 25_000 } as const;
