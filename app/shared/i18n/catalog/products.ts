/** English words of the "products" area (see ../messages.ts). */

export const products = {
  waitlistTitle: "Be told when it ships",
  waitlistText: "Pick the product you are waiting for and we will write once, on the day it launches.",
};
