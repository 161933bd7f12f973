package com.holidaylistings.integration.settings;

import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.Ordered;
import org.springframework.core.PriorityOrdered;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

/**
 * Refuses to start without the settings that have no safe default: a forgotten one would otherwise
 * log in as some default role or talk to Kafka in plain text without a principal. Checked when the
 * context refreshes, before any bean exists (a test's dynamic properties are in place by then), so
 * the failure names every missing setting at once ({@link MissingSettingsAnalyzer} prints them). Every
 * service has it by {@link RequiredSettingsAutoConfiguration}.
 */
public class RequiredSettings implements BeanFactoryPostProcessor, EnvironmentAware, PriorityOrdered {

    /** Needed by every start: the service's own database login and its Kafka connection. */
    static final List<Setting> ALWAYS = List.of(
            new Setting("SPRING_DATASOURCE_URL", "spring.datasource.url"),
            new Setting("SPRING_DATASOURCE_USERNAME", "spring.datasource.username"),
            new Setting("SPRING_DATASOURCE_PASSWORD", "spring.datasource.password"),
            new Setting("SPRING_KAFKA_BOOTSTRAP_SERVERS", "spring.kafka.bootstrap-servers"),
            new Setting("KAFKA_SECURITY_PROTOCOL", "spring.kafka.security.protocol"));
    /** Needed when the protocol authenticates (SASL_PLAINTEXT, SASL_SSL): the service's own principal. */
    static final List<Setting> WITH_SASL =
            List.of(new Setting("KAFKA_USERNAME", "KAFKA_USERNAME"), new Setting("KAFKA_PASSWORD", "KAFKA_PASSWORD"));

    private Environment environment;

    @Override
    public void setEnvironment(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
        List<Setting> missing = missing(environment);
        if (!missing.isEmpty()) {
            throw new MissingSettings(environment.getProperty("spring.application.name", "the service"), missing);
        }
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    /** The required settings that {@code environment} lacks or gives empty, in the order above. */
    public static List<Setting> missing(Environment environment) {
        String protocol = environment.getProperty("spring.kafka.security.protocol", "");
        Stream<Setting> required = protocol.toUpperCase(Locale.ROOT).startsWith("SASL")
                ? Stream.concat(ALWAYS.stream(), WITH_SASL.stream())
                : ALWAYS.stream();
        return required.filter(setting -> !StringUtils.hasText(environment.getProperty(setting.property())))
                .toList();
    }

    /** A setting as an operator gives it (its environment variable) and as Spring reads it (its property). */
    public record Setting(String variable, String property) {

        @Override
        public String toString() {
            return variable.equals(property) ? variable : variable + " (" + property + ")";
        }
    }
}
