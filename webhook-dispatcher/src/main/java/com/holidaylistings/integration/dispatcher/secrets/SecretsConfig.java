package com.holidaylistings.integration.dispatcher.secrets;

import com.holidaylistings.integration.secrets.EncryptionKeys;
import com.holidaylistings.integration.secrets.SecretCipher;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SecretsProperties.class)
class SecretsConfig {

    /** The service refuses to start without valid keys, saying what is wrong with them (never a key). */
    @Bean
    SecretCipher secretCipher(SecretsProperties properties) {
        return new SecretCipher(EncryptionKeys.parse(properties.encryptionKeys()));
    }
}
