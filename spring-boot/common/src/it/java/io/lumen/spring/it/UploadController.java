package io.lumen.spring.it;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

/** A multipart upload, as upload applications have: on an unmatched path and behind a chain ending in spring. */
@RestController
public class UploadController {

    @PostMapping({"/spring/upload", "/mw/upload"})
    public String upload(@RequestParam("file") MultipartFile file) {
        return "stored " + file.getOriginalFilename() + " " + file.getSize();
    }
}
