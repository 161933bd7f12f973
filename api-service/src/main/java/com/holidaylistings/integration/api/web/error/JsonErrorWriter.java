package com.holidaylistings.integration.api.web.error;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/** Writes an {@link ApiError} from a servlet filter, where no controller advice reaches. */
@Component
public class JsonErrorWriter {

    private final JsonMapper json;

    public JsonErrorWriter(JsonMapper json) {
        this.json = json;
    }

    public void write(HttpServletResponse response, int status, ApiError error) throws IOException {
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.getOutputStream().write(json.writeValueAsBytes(error));
    }
}
