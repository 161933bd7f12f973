package com.holidaylistings.integration.api.hook;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/** Name resolution, apart so that the target policy can be tested without DNS. */
@FunctionalInterface
interface HostResolver {

    List<InetAddress> resolve(String host) throws UnknownHostException;

    static HostResolver system() {
        return host -> List.of(InetAddress.getAllByName(host));
    }
}
