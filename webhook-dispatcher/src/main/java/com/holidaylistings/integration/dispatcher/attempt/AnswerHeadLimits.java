package com.holidaylistings.integration.dispatcher.attempt;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.MessageConstraintException;
import org.apache.hc.core5.http.config.Http1Config;
import org.apache.hc.core5.http.impl.io.DefaultHttpResponseParser;
import org.apache.hc.core5.http.io.HttpMessageParser;
import org.apache.hc.core5.http.io.HttpMessageParserFactory;
import org.apache.hc.core5.http.io.SessionInputBuffer;

/**
 * The limits on a receiver's answer before its body: the status line and its headers together at
 * most {@link #MAX_HEAD_BYTES}, at most {@link #MAX_HEADERS} headers. An answer past either fails
 * its attempt as {@link #TOO_LARGE} as soon as the limit is passed, having held no more than that
 * much of it: a receiver that sends a hundred headers of 8 KiB each and then stalls would otherwise
 * hold about a megabyte per delivery in flight, and a few owners' such receivers would exhaust the
 * dispatcher's heap. The parser reads the head through a stream that gives it at most that many
 * bytes; asking for more means the head is larger. (The body is read as before, its first 4 KiB kept.)
 */
final class AnswerHeadLimits implements HttpMessageParserFactory<ClassicHttpResponse> {

    static final int MAX_HEAD_BYTES = 8 * 1024;
    static final int MAX_HEADERS = 32;
    static final String TOO_LARGE = "answer too large: more than " + MAX_HEADERS + " headers or "
            + MAX_HEAD_BYTES / 1024 + " KiB of status line and headers";

    /** The HTTP/1.1 settings with these limits, for the connections' factory. */
    static Http1Config http1Config() {
        return Http1Config.custom()
                .setMaxHeaderCount(MAX_HEADERS)
                .setMaxLineLength(MAX_HEAD_BYTES)
                .build();
    }

    /** A parser with these limits, whatever {@code ignored} the connection was made with. */
    @Override
    public HttpMessageParser<ClassicHttpResponse> create(Http1Config ignored) {
        DefaultHttpResponseParser parser = new DefaultHttpResponseParser(http1Config());
        return new HttpMessageParser<>() {
            @Override
            public ClassicHttpResponse parse(SessionInputBuffer buffer, InputStream in)
                    throws IOException, HttpException {
                // what the session buffer holds already (read ahead with the previous answer) counts too
                try {
                    return parser.parse(buffer, new AtMost(in, MAX_HEAD_BYTES - buffer.length()));
                } catch (MessageConstraintException e) {
                    throw new AnswerTooLarge();
                }
            }
        };
    }

    /** What an attempt whose answer's head passed the limits fails with. */
    static final class AnswerTooLarge extends MessageConstraintException {
        AnswerTooLarge() {
            super(TOO_LARGE);
        }
    }

    /** Gives at most {@code left} bytes, then fails the read that asks for more. */
    private static final class AtMost extends FilterInputStream {

        private long left;

        AtMost(InputStream in, long left) {
            super(in);
            this.left = Math.max(0, left);
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) {
                throw new AnswerTooLarge();
            }
            int b = super.read();
            if (b >= 0) {
                left--;
            }
            return b;
        }

        @Override
        public int read(byte[] bytes, int offset, int length) throws IOException {
            if (length == 0) {
                return 0;
            }
            if (left <= 0) {
                throw new AnswerTooLarge();
            }
            int n = super.read(bytes, offset, (int) Math.min(length, left));
            if (n > 0) {
                left -= n;
            }
            return n;
        }
    }
}
