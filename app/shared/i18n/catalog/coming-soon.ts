/** English words of the "comingSoon" area (see ../messages.ts). */

export const comingSoon = {
  waitlistTitle: "Get one mail at launch",
  waitlistText: "Tell us what you are waiting for, a plan or a product, and we will write the day it is ready.",
};
