/** Default site texts of the landing page below the first view: loaded with that part of the page. */
export const LANDING_BELOW_FOLD_TEXTS = {
  'keyPoints.title': 'Why creators form an LLC with us',
  'keyPoints.point1': 'No existing followers or income needed: you can start today.',
  'keyPoints.point2': 'Any creative activity can become a business, from fitness videos to gaming streams.',
  'keyPoints.point3': 'Your business does not need to be profitable to deduct its expenses.',
  'keyPoints.point4': 'We file in the optimal state for your type of business.',
  'keyPoints.included': 'Professional LLC filing, a tax savings calculator and a creator-focused setup.',

  'example.title': 'Example savings',
  'example.body': 'A creator earning {income} a year with {expenses} of business expenses pays tax on {taxable} instead, saving about {savings}.',

  'calculator.title': 'See what you could save',
  'calculator.subtitle': 'Common creator expenses that can become business deductions:',
  'calculator.llcTax':
    'A single-member LLC saves no federal tax by itself: it is taxed like a sole proprietor, and any self-employed creator may deduct business expenses, LLC or not. The tax change comes from electing S-corporation status, which pays only above a break-even that depends on your profit, your salary and the running costs.',
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
  'faq.a2':
    'We file within 1-2 business days of receiving your filing details; the state then takes its own time, which the pricing page shows for each state with the date the state published it. Where a state sells expedited processing, the expedited filing add-on buys it.',
  'faq.q3': 'Is the savings figure tax advice?',
  'faq.a3':
    'No. It is an estimate: 25% of your yearly business expenses, and never more than 25% of your income. We give no tax, legal or accounting advice: please check with a professional.',

  'cta.title': 'Ready to make your content a business?',
  'cta.subtitle': 'It takes about ten minutes. We handle the paperwork.',
} as const satisfies Record<string, string>;
