package com.holidaylistings.integration.signing.receiver;

/**
 * What a receiver given secrets found of a delivery's signature: which of its secrets verified it
 * (during a rotation a receiver holds two, and learns which one its sender signs with), or none.
 *
 * @param secrets how many secrets the receiver holds (0: it checks nothing)
 * @param verifiedBy the index of the first secret that verifies it, or -1
 */
public record SignatureCheck(int secrets, int verifiedBy) {

    /** A receiver without secrets checks nothing. */
    public static final SignatureCheck NOT_CHECKED = new SignatureCheck(0, -1);

    public boolean checked() {
        return secrets > 0;
    }

    public boolean valid() {
        return verifiedBy >= 0;
    }

    /** {@code valid}, {@code valid (secret 1 of 2)}, {@code INVALID}, or that it was not checked: as dev/receiver.sh prints it. */
    public String describe() {
        if (!checked()) {
            return "not checked (no secret given)";
        }
        if (!valid()) {
            return "INVALID";
        }
        return secrets == 1 ? "valid" : "valid (secret " + (verifiedBy + 1) + " of " + secrets + ")";
    }
}
