/** English words of the "pricing" area (see ../messages.ts). */

export const pricing = {
  banner: "Important: Once a subscription is purchased, it cannot be canceled",
  popular: "Most suggested",
  yearlySaving: "Save 20%",
  billingPeriod: "Billing period",
  monthly: "Monthly",
  yearly: "Yearly",
  perMonth: "month",
  perYear: "year",
  allPricesInr: "All prices are in Indian Rupees (INR).",
  comingSoonToast: "The {plan} plan is coming soon. Join the community to hear first when it launches.",
  plans: "Plans",
  waitlistTitle: "Hear the day your plan launches",
  waitlistText: "Every plan is coming soon. Leave your address and the plan you would choose: one mail to confirm, then only the launch news.",
};
