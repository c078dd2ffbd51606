// Word material for the generated data set: enough variety that trigram indexes and the
// planner's statistics look like those of real conversations.

export const FIRST_NAMES = [
  "Ada", "Alan", "Amara", "Ben", "Carla", "Chen", "Dario", "Elif", "Emma", "Farid",
  "Grace", "Hana", "Igor", "Ines", "Jonas", "Kofi", "Lena", "Luis", "Maya", "Nils",
  "Olga", "Omar", "Priya", "Quinn", "Rosa", "Sami", "Tariq", "Uma", "Viktor", "Yuki",
];

export const LAST_NAMES = [
  "Almeida", "Baker", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Hoffmann", "Ivanova", "Jensen",
  "Kowalski", "Lopez", "Moreau", "Nakamura", "Okafor", "Petrov", "Quinlan", "Rossi", "Schmidt", "Tanaka",
  "Ueda", "Varga", "Weber", "Xu", "Yilmaz", "Zhang", "Novak", "Haddad", "Murphy", "Silva",
];

export const EMAIL_DOMAINS = ["example.com", "mail.example.org", "corp.example.net", "inbox.example.io"];

export const SEGMENTS: Record<string, string[]> = {
  plan: ["free", "pro", "team", "enterprise"],
  region: ["eu", "us", "apac", "latam"],
  language: ["en", "de", "fr", "es", "ja"],
};

export const PROJECT_NAMES = ["default", "support", "sales", "onboarding", "billing", "research", "internal", "partners"];

export const INTENT_NAMES = [
  "password-reset", "billing-question", "refund-request", "bug-report", "feature-request", "account-deletion",
  "shipping-status", "pricing", "integration-help", "cancel-subscription", "onboarding", "other",
];

export const USER_SENTENCES = [
  "How do I reset my password?",
  "I was charged twice for my subscription this month.",
  "The export to CSV fails with a timeout error.",
  "Can I change the email address on my account?",
  "Where can I find the invoice for last quarter?",
  "The mobile app crashes when I open the settings page.",
  "Is there a discount for annual billing?",
  "My package has not arrived yet, can you check the tracking number?",
  "How do I connect the Slack integration?",
  "I want to cancel my subscription and get a refund.",
  "Please delete my account and all my data.",
  "The dashboard shows the wrong time zone.",
  "Can I invite more people to my workspace?",
  "Why was my card declined?",
  "The search does not find documents I uploaded yesterday.",
  "How do I enable two-factor authentication?",
  "Your API returns a 500 error for the orders endpoint.",
  "Can you explain the difference between the Pro and Team plans?",
  "I cannot log in since the last update.",
  "Does the product support single sign-on with Okta?",
  "The webhook keeps retrying even though we answered 200.",
  "How long does a bank transfer take to show up?",
  "I need a copy of the data processing agreement.",
  "The onboarding checklist is stuck at step three.",
  "Can I move my project to another organization?",
  "Notifications arrive twice on Android.",
  "What happens to my files when the trial ends?",
  "The PDF preview is blank in Firefox.",
  "How do I change the billing currency to euros?",
  "Our team lead left the company, how do we transfer ownership?",
];

export const ASSISTANT_SENTENCES = [
  "I can help with that.",
  "Open Settings, then Security, and choose Reset password.",
  "I have refunded the duplicate charge; it will appear within five business days.",
  "Could you share the exact error message you see?",
  "Invoices are listed under Billing, in the History tab.",
  "Please update the app to the latest version and try again.",
  "Annual billing saves two months compared with monthly billing.",
  "The tracking page shows the parcel at the local depot.",
  "You can connect Slack from Integrations by clicking Add to Slack.",
  "Your subscription is cancelled at the end of the current period.",
  "I have opened a deletion request; you will receive a confirmation email.",
  "The time zone follows your profile settings, which you can change at any time.",
  "Workspace admins can invite members from the Team page.",
  "Card declines usually come from the bank; please contact them or try another card.",
  "New uploads are indexed within a few minutes.",
  "Two-factor authentication is under Security; we support authenticator apps and hardware keys.",
  "Our engineers are looking into the API errors right now.",
  "The Team plan adds shared workspaces, roles and priority support.",
  "Clearing the browser cache often fixes login problems after an update.",
  "Single sign-on is available on the Enterprise plan with any SAML provider.",
  "Webhooks are retried when the answer takes longer than ten seconds.",
  "Bank transfers usually take one to three business days.",
  "You can download the data processing agreement from the Legal page.",
  "I have reset the onboarding checklist for you.",
  "Projects can be moved by an owner of both organizations.",
  "This is a known issue and a fix ships in the next release.",
  "Files stay available for thirty days after the trial ends.",
  "Is there anything else I can help you with?",
  "Thanks for your patience while I checked this.",
  "I have escalated this to our billing team.",
];

/** Planted in one message of `RARE_WORD_THREADS` threads, whatever the scale: the benchmark searches for it. */
export const RARE_WORD = "zephyrine";
export const RARE_WORD_THREADS = 20;

/** Feedback attributes of every project: the option lists a support team would pick from. */
export const FEEDBACK_ATTRIBUTES: Record<string, string[]> = {
  reason: ["outdated", "wrong", "incomplete", "rude", "slow", "off-topic"],
  quality: ["helpful", "accurate", "clear", "friendly"],
};

export const POSITIVE_FEEDBACK_TEXTS = [
  "Exactly what I needed, thanks!",
  "Clear and quick answer.",
  "That fixed it.",
  "Very helpful, the steps worked.",
  "Great explanation of the plans.",
  "Solved my billing problem in one go.",
  "Friendly and accurate.",
  "Thanks, the refund arrived.",
];

export const NEGATIVE_FEEDBACK_TEXTS = [
  "The answer was out of date.",
  "This did not solve my problem.",
  "Wrong steps, that menu does not exist anymore.",
  "Too slow, I waited minutes for a reply.",
  "It ignored my question about invoices.",
  "The link in the answer is broken.",
  "Not helpful at all.",
  "It answered a different question.",
  "Rude tone, please fix.",
  "The export still fails with a timeout.",
];
