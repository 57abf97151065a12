/** A place found by the location search, with the address parts the provider knew. */
export interface Place {
  DisplayName: string;
  Latitude: number;
  Longitude: number;
  Street: string;
  City: string;
  State: string;
  Pincode: string;
}
