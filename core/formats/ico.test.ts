import { describe, expect, it } from "vitest";
import { icoProblem, isValidIco, isValidTaxId, normalizeTaxId } from "./ico.ts";
import { isValidZip, normalizeZip } from "./postal-code.ts";

describe("IČO", () => {
  it("accepts registered companies' numbers", () => {
    // Real IČOs: 25596641 (check digit from r = 0), 27082440 (Alza.cz, from r = 1), 45274649 (ČEZ).
    for (const ico of ["25596641", "27082440", "45274649"]) expect(isValidIco(ico), ico).toBe(true);
  });

  it("keeps leading zeros as part of the number", () => {
    expect(isValidIco("00064581")).toBe(true); // Hlavní město Praha
    expect(isValidIco("00006947")).toBe(true); // Ministerstvo financí
    expect(isValidIco("64581")).toBe(false);
  });

  it("refuses a wrong check digit", () => {
    expect(isValidIco("25596642")).toBe(false);
    expect(isValidIco("27082441")).toBe(false);
    expect(icoProblem("25596642")).toBe("checksum");
  });

  it("refuses a wrong length or other characters", () => {
    for (const ico of ["", "2559664", "255966410", "2559664a", "CZ25596641"]) {
      expect(isValidIco(ico), ico).toBe(false);
      expect(icoProblem(ico), ico).toBe("format");
    }
  });

  it("ignores spaces people type", () => {
    expect(isValidIco(" 255 96 641 ")).toBe(true);
    expect(icoProblem("255 96 641")).toBeNull();
  });
});

describe("DIČ", () => {
  it("takes CZ and 8 to 10 digits for a Czech address", () => {
    expect(isValidTaxId("CZ25596641", "CZ")).toBe(true);
    expect(isValidTaxId("CZ123456789", "CZ")).toBe(true);
    expect(isValidTaxId("CZ1234567890", "CZ")).toBe(true);
    expect(isValidTaxId("cz 255 96 641", "CZ")).toBe(true);
    expect(isValidTaxId("CZ1234567", "CZ")).toBe(false);
    expect(isValidTaxId("CZ12345678901", "CZ")).toBe(false);
    expect(isValidTaxId("25596641", "CZ")).toBe(false);
    expect(isValidTaxId("SK2020317068", "CZ")).toBe(false);
  });

  it("takes SK and 10 digits for a Slovak address", () => {
    expect(isValidTaxId("SK2020317068", "SK")).toBe(true);
    expect(isValidTaxId("SK202031706", "SK")).toBe(false);
  });

  it("takes the state's own prefix elsewhere in the EU (EL for Greece)", () => {
    expect(isValidTaxId("DE123456789", "DE")).toBe(true);
    expect(isValidTaxId("ATU12345678", "AT")).toBe(true);
    expect(isValidTaxId("EL123456789", "GR")).toBe(true);
    expect(isValidTaxId("GR123456789", "GR")).toBe(false);
    expect(isValidTaxId("FR123456789", "DE")).toBe(false);
    expect(isValidTaxId("DE1", "DE")).toBe(false);
  });

  it("takes letters and digits outside the EU", () => {
    expect(isValidTaxId("CHE-123.456.789", "CH")).toBe(true);
    expect(isValidTaxId("GB123456789", "GB")).toBe(true);
    expect(isValidTaxId("<script>", "CH")).toBe(false);
  });

  it("is stored upper case without separators", () => {
    expect(normalizeTaxId(" cz 255-96.641 ")).toBe("CZ25596641");
  });
});

describe("postal code", () => {
  it("accepts Czech and Slovak codes with or without the space and stores NNN NN", () => {
    expect(isValidZip("11000", "CZ")).toBe(true);
    expect(isValidZip("110 00", "CZ")).toBe(true);
    expect(normalizeZip("11000", "CZ")).toBe("110 00");
    expect(normalizeZip(" 811 01 ", "SK")).toBe("811 01");
  });

  it("refuses other shapes for Czech and Slovak addresses", () => {
    for (const zip of ["1100", "110000", "11 000", "ABC 12", ""])
      expect(isValidZip(zip, "CZ"), zip).toBe(false);
  });

  it("leaves other countries' formats free within a sane alphabet", () => {
    expect(isValidZip("10115", "DE")).toBe(true);
    expect(isValidZip("SW1A 1AA", "GB")).toBe(true);
    expect(normalizeZip("sw1a  1aa", "GB")).toBe("SW1A 1AA");
    expect(isValidZip("1010", "AT")).toBe(true);
    expect(isValidZip("<b>", "DE")).toBe(false);
    expect(isValidZip("x".repeat(20), "DE")).toBe(false);
  });
});
