package com.holidaylistings.integration.api.portal;

import com.holidaylistings.integration.api.auth.AccessTokens;
import com.holidaylistings.integration.api.auth.NewToken;
import com.holidaylistings.integration.api.auth.Scope;
import com.holidaylistings.integration.api.auth.TokenLimitReached;
import com.holidaylistings.integration.api.hook.DeliveryLog;
import com.holidaylistings.integration.api.hookheaders.HookHeaders;
import com.holidaylistings.integration.api.owner.SigningSecrets;
import com.holidaylistings.integration.api.web.error.InvalidRequest;
import com.holidaylistings.integration.api.web.error.NotFound;
import com.holidaylistings.integration.api.web.input.CanonicalUuid;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The Notifications page: integration tokens, webhook subscriptions (each with its custom headers,
 * their values masked) and the signing secret.
 */
@Controller
class PortalController {

    private final AccessTokens tokens;
    private final DeliveryLog deliveryLog;
    private final SigningSecrets secrets;
    private final PortalSessions sessions;
    private final HookHeaders hookHeaders;

    PortalController(
            AccessTokens tokens,
            DeliveryLog deliveryLog,
            SigningSecrets secrets,
            PortalSessions sessions,
            HookHeaders hookHeaders) {
        this.tokens = tokens;
        this.deliveryLog = deliveryLog;
        this.secrets = secrets;
        this.sessions = sessions;
        this.hookHeaders = hookHeaders;
    }

    @GetMapping("/portal")
    String home() {
        return "redirect:/portal/";
    }

    @GetMapping("/portal/")
    String page(PortalSession session, Model model) {
        return page(session, sessions.takeFlash(session.id()), model);
    }

    private String page(PortalSession session, Flash flash, Model model) {
        model.addAttribute("csrf", session.csrfToken());
        model.addAttribute("flash", flash);
        model.addAttribute("scopes", Scope.allValues());
        model.addAttribute("tokens", activeTokens(session.ownerId()));
        model.addAttribute(
                "hooks",
                deliveryLog.hooks(session.ownerId()).stream().map(HookRow::of).toList());
        model.addAttribute("hookHeaders", hookHeaders.ofOwner(session.ownerId()));
        model.addAttribute(
                "secret",
                flash.revealSecret() ? secrets.ofOwner(session.ownerId()).orElse(null) : null);
        model.addAttribute(
                "hookSecret",
                flash.secretOfHook() == null
                        ? null
                        : secrets.ofHook(session.ownerId(), flash.secretOfHook())
                                .map(secret -> new HookSecret(flash.secretOfHook(), secret))
                                .orElse(null));
        return "portal/page";
    }

    /**
     * A new token's value is shown in the answer to this form, the page itself, rather than after a
     * redirect: kept for the next page it would have to be stored, and no token is ever stored in
     * plain text. The page asks the browser to reload {@code /portal/}, not this form ({@code portal.js}).
     */
    @PostMapping("/portal/tokens")
    String createToken(
            PortalSession session,
            @RequestParam(required = false) String name,
            @RequestParam(required = false) List<String> scopes,
            Model model) {
        NewToken request =
                new NewToken(name == null ? null : name.strip(), scopes == null || scopes.isEmpty() ? null : scopes);
        try {
            AccessTokens.CreatedToken created = tokens.create(session.ownerId(), request.name(), request.validScopes());
            return page(session, Flash.createdToken(created.name(), created.token()), model);
        } catch (InvalidRequest invalid) {
            sessions.setFlash(
                    session.id(), Flash.problem("The token was not created: " + FormErrors.describe(invalid)));
        } catch (TokenLimitReached limit) {
            sessions.setFlash(
                    session.id(),
                    Flash.problem("The token was not created: you already have the most active"
                            + " tokens allowed. Revoke one you no longer use, then create the new one."));
        }
        return "redirect:/portal/";
    }

    @GetMapping("/portal/tokens/{tokenId}/revoke")
    String confirmRevoke(PortalSession session, @PathVariable String tokenId, Model model) {
        model.addAttribute("csrf", session.csrfToken());
        model.addAttribute("token", activeToken(session.ownerId(), tokenId));
        return "portal/revoke";
    }

    @PostMapping("/portal/tokens/{tokenId}/revoke")
    String revoke(PortalSession session, @PathVariable String tokenId) {
        AccessTokens.TokenListing token = activeToken(session.ownerId(), tokenId);
        if (!tokens.revoke(session.ownerId(), token.id())) {
            throw new NotFound();
        }
        sessions.setFlash(
                session.id(), Flash.info("Token \u201c" + token.name() + "\u201d revoked. It no longer works."));
        return "redirect:/portal/";
    }

    @PostMapping("/portal/secret/reveal")
    String revealSecret(PortalSession session) {
        sessions.setFlash(session.id(), Flash.secret());
        return "redirect:/portal/#signing-secret";
    }

    @GetMapping("/portal/secret/rotate")
    String confirmRotate(PortalSession session, Model model) {
        model.addAttribute("csrf", session.csrfToken());
        return "portal/rotate";
    }

    /** The same rotation as the internal API's: the replaced secret keeps signing beside the new one for a while. */
    @PostMapping("/portal/secret/rotate")
    String rotateSecret(PortalSession session) {
        secrets.rotateForOwner(session.ownerId());
        sessions.setFlash(
                session.id(),
                Flash.secret("Signing secret rotated. Give the new one to your receivers: the"
                        + " previous one keeps signing beside it for a while (24 hours by default). Hooks with a secret of"
                        + " their own keep theirs."));
        return "redirect:/portal/#signing-secret";
    }

    /** The secret of one hook, shown once on its row. */
    record HookSecret(UUID hook, String secret) {}

    private List<AccessTokens.TokenListing> activeTokens(UUID ownerId) {
        return tokens.list(ownerId).stream()
                .filter(token -> token.revokedAt() == null)
                .toList();
    }

    /** One of the session owner's live tokens; 404 for anyone else's, as the internal API answers. */
    private AccessTokens.TokenListing activeToken(UUID ownerId, String tokenId) {
        UUID id = CanonicalUuid.parse(tokenId).orElseThrow(NotFound::new);
        return activeTokens(ownerId).stream()
                .filter(token -> token.id().equals(id))
                .findFirst()
                .orElseThrow(NotFound::new);
    }
}
